/**
 * The blocks no one may hide (issue #30, portal.md §2 Dashboard), a child of
 * dashboard-layout.machine.ts (id `mandatoryBlocks`): it reads the staff's list once and reports
 * `blocks.mandatory` with it and the blocks that always are mandatory. A failed read is logged and
 * reports nothing: the layout keeps the blocks that always are mandatory.
 */
import { fromPromise, sendParent, setup } from 'xstate';
import { ALWAYS_MANDATORY } from '../../contract/dashboard.schema.js';
import type { DashboardBlock } from '../../contract/dashboard.schema.js';

/** What the read tells the layout machine. */
export type MandatoryBlocksReport = { type: 'blocks.mandatory'; blocks: DashboardBlock[] };

export const mandatoryBlocksMachine = setup({
  actors: {
    loadMandatory: fromPromise<DashboardBlock[]>(async () => {
      throw new Error('loadMandatory is provided by the container');
    }),
  },
  actions: {
    report: sendParent((_, blocks: DashboardBlock[]): MandatoryBlocksReport => ({
      type: 'blocks.mandatory',
      blocks,
    })),
    logFailure: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'mandatoryBlocks',
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadMandatory',
        src: 'loadMandatory',
        onDone: {
          target: 'loaded',
          actions: {
            type: 'report',
            params: ({ event }) => [...new Set([...ALWAYS_MANDATORY, ...event.output])],
          },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'logFailure',
            params: ({ event }: { event: { error: unknown } }) => event.error,
          },
        },
      },
    },
    loaded: { type: 'final' },
    failed: { type: 'final' },
  },
});
