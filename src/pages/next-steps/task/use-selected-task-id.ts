import { useState } from 'react';
import type { taskIdOf } from '../../../lib/task-filter.js';

/**
 * The task the address selects: the id it names, or, for an id that is not a number or is 0, the
 * last one it named while the screen showed (next-steps.md §5: task lookup falls back to the
 * selected task). A memory of the address on this screen, neither server nor workflow state, so it
 * stays beside the router; eslint.config.js names this file as an exception to the page rule.
 */
export function useSelectedTaskId(taskId: ReturnType<typeof taskIdOf>): number | null {
  const [lastSelected, setLastSelected] = useState<number | null>(null);
  if (typeof taskId === 'number' && taskId !== lastSelected) setLastSelected(taskId);
  return typeof taskId === 'number' ? taskId : taskId === 'selected' ? lastSelected : null;
}
