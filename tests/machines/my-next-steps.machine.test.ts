import { describe, expect, it } from 'vitest';
import { myNextStepsMachine } from '../../src/machines/my-next-steps.machine.js';
import { shortestPaths } from './paths.js';

const task = {
  id: 1,
  task_id: 11,
  title: 'Pay your term bill',
  ends_on: null,
  starred: false,
  completed_on: null,
  does_not_apply_on: null,
  do_now_on: null,
  overdue: false,
};
const events = [
  { type: 'xstate.done.actor.fetchTasks', output: [task] },
  { type: 'xstate.done.actor.fetchTasks', output: [] },
  { type: 'xstate.error.actor.fetchTasks', error: new Error('503') },
  { type: 'block.retry' },
];

describe('myNextSteps machine', () => {
  const paths = shortestPaths(myNextStepsMachine, events);

  it('reaches loading, loaded and failed', () => {
    expect(new Set(paths.map((p) => String(p.state.value)))).toEqual(
      new Set(['loading', 'loaded', 'failed']),
    );
  });

  it.each(
    paths.map((p) => [p.steps.map((s) => s.event.type).join(' → ') || '(start)', p] as const),
  )('holds tasks only once loaded: %s', (_name, path) => {
    const loaded = path.state.hasTag('loaded');
    if (!loaded) expect(path.state.context.tasks).toEqual([]);
    expect(path.state.hasTag('loading') || loaded || path.state.hasTag('error')).toBe(true);
  });
});
