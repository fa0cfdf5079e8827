import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { InspectionEvent } from 'xstate';
import { nextStepsMachine } from '../../src/machines/next-steps.machine.js';
import { pathTitle, shortestPaths } from './paths.js';

const KEPT = { type: 'answer.kept', at: '2026-11-25T17:41:00.000Z' } as const;

/** The system with a list that only listens: what reaches it is what the test reads. */
function system() {
  const heard: string[] = [];
  const root = createActor(
    nextStepsMachine.provide({ actors: { list: createMachine({ id: 'list' }) as never } }),
    {
      input: { returnTo: '/next-steps/task' },
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type === '@xstate.event' && inspection.actorRef === listOf()) {
          heard.push(inspection.event.type);
        }
      },
    },
  );
  const listOf = () => root.getSnapshot().children.list;
  root.start();
  const { connection, appUpdate } = root.getSnapshot().children;
  if (!connection || !appUpdate) throw new Error('Next Steps did not start its actors');
  return { root, connection, appUpdate, heard };
}

describe('Next Steps machine', () => {
  const paths = shortestPaths(nextStepsMachine, [{ type: 'connection.back' }], {
    returnTo: '/next-steps/task',
  });

  it.each(paths.map((p) => [pathTitle(p), p] as const))(
    'the list, the connection and the update run under their systemIds whatever happened (%s)',
    (_title, { state }) => {
      expect(Object.keys(state.children).sort()).toEqual(['appUpdate', 'connection', 'list']);
    },
  );

  it('a Mark done made offline is sent when the connection returns: the server answering again after kept answers is a return, also without the browser’s online event', () => {
    const { connection, heard } = system();
    connection.send({ type: 'answer.fresh' });
    connection.send(KEPT);
    expect(heard).not.toContain('connection.online');
    connection.send({ type: 'answer.fresh' });
    expect(heard.filter((type) => type === 'connection.online')).toHaveLength(1);
    // Online to online is no return.
    connection.send({ type: 'notice.dismiss' });
    connection.send({ type: 'answer.fresh' });
    expect(heard.filter((type) => type === 'connection.online')).toHaveLength(1);
  });

  it('the three stop together with the system', () => {
    const { root, connection, appUpdate } = system();
    const list = root.getSnapshot().children.list;
    root.stop();
    for (const actor of [list, connection, appUpdate]) {
      expect(actor?.getSnapshot().status).toBe('stopped');
    }
  });
});
