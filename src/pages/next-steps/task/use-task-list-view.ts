import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom, Subscription } from 'xstate';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import type { NextStepsContext } from '../../../routes/next-steps/context.js';

type ListSnapshot = SnapshotFrom<NextStepsContext['list']>;

/** The list's running children: its task actors, its refetch and its system message. */
const childrenOf = (s: ListSnapshot): AnyActorRef[] =>
  Object.values(s.children).flatMap((child): AnyActorRef[] => (child ? [child] : []));

/** Two lists with the same items in the same order. */
export const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Reads the task list through a selector that may look into its children's snapshots: each task's
 * record lives in its own task actor, the refetch and the system message in theirs. The selector
 * runs again whenever the list or any of its children changes, and the component renders again
 * only when `equal` says the answer changed.
 */
export function useTaskListView<T>(
  selector: (s: ListSnapshot) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const { list } = useNextSteps();
  const held = useRef<{ key: unknown[]; value: T } | null>(null);
  const subscribe = useCallback(
    (notify: () => void) => {
      let children: Subscription[] = [];
      const watchChildren = () => {
        for (const child of children) child.unsubscribe();
        children = childrenOf(list.getSnapshot()).map((child) => child.subscribe(notify));
      };
      watchChildren();
      const own = list.subscribe(() => {
        watchChildren();
        notify();
      });
      return () => {
        own.unsubscribe();
        for (const child of children) child.unsubscribe();
      };
    },
    [list],
  );
  const read = () => {
    const snapshot = list.getSnapshot();
    const children: unknown[] = childrenOf(snapshot).map((child): unknown => child.getSnapshot());
    const key: unknown[] = [selector, snapshot, ...children];
    const last = held.current;
    if (last && sameItems(last.key, key)) return last.value;
    const value = selector(snapshot);
    const kept = last && equal(last.value, value) ? last.value : value;
    held.current = { key, value: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, read);
}
