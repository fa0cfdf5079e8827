import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DashboardBlock } from '../../contract/dashboard.schema.js';
import { mandatoryBlocksMachine } from '../../src/machines/mandatory-blocks.machine.js';
import type { MandatoryBlocksReport } from '../../src/machines/mandatory-blocks.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const events = [
  { type: 'xstate.done.actor.loadMandatory', output: ['event-calendar'] },
  { type: 'xstate.error.actor.loadMandatory', error: new Error('500') },
];

/** The read with its report and its logged failures kept, not sent to a parent. */
function mandatoryBlocks(load: () => Promise<DashboardBlock[]>) {
  const reports: MandatoryBlocksReport[] = [];
  const failures: unknown[] = [];
  const actor = createActor(
    mandatoryBlocksMachine.provide({
      actors: { loadMandatory: fromPromise(load) },
      actions: {
        report: (_, blocks) => void reports.push({ type: 'blocks.mandatory', blocks }),
        logFailure: (_, error) => void failures.push(error),
      },
    }),
  ).start();
  return { actor, reports, failures };
}

describe('mandatory blocks (issue #30: the blocks no one may hide are read once from the staff list)', () => {
  // Alone, without the layout machine to report to.
  const alone = mandatoryBlocksMachine.provide({ actions: { report: () => {} } });
  const paths = shortestPaths(alone, events);

  it('reaches loading, loaded and failed', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'loaded', 'failed']),
    );
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'only the read under way is tagged loading, and once it has answered the machine is done: %s',
    (_title, { state }) => {
      expect(state.hasTag('loading')).toBe(state.matches('loading'));
      expect(state.status === 'done').toBe(!state.matches('loading'));
    },
  );

  it("reports the staff's list with the blocks that always are mandatory", async () => {
    const { actor, reports } = mandatoryBlocks(async () => ['event-calendar']);
    await waitFor(actor, (s) => s.status === 'done');
    expect(reports).toEqual([
      { type: 'blocks.mandatory', blocks: ['profile-summary', 'event-calendar'] },
    ]);
  });

  it('a failed read is logged and reports nothing', async () => {
    const { actor, reports, failures } = mandatoryBlocks(() => Promise.reject(new Error('500')));
    await waitFor(actor, (s) => s.status === 'done');
    expect(reports).toEqual([]);
    expect(failures).toHaveLength(1);
  });
});
