import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom, Subscription } from 'xstate';
import { useNextSteps } from '../../../routes/next-steps/context.js';
import type { NextStepsContext } from '../../../routes/next-steps/context.js';

type ListSnapshot = SnapshotFrom<NextStepsContext['list']>;

const running = (refs: readonly (AnyActorRef | undefined)[]): AnyActorRef[] =>
  refs.flatMap((child): AnyActorRef[] => (child ? [child] : []));

/**
 * The list's running children (its refetch, its system message, …) and the roster's: the task
 * actors and the outbox (task-roster.machine.ts).
 */
const childrenOf = (s: ListSnapshot): AnyActorRef[] => [
  ...running(Object.values(s.children)),
  ...running(Object.values(s.children.roster?.getSnapshot().children ?? {})),
];

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
      // Each child watched once, from when it runs until it stops. Only a change of the list or of
      // the roster starts or stops children (a task's own change does not), so only those look
      // for new and stopped ones: looking on every task's change as the list opened took bench:load's
      // phone 81 ms of blocking time on /next-steps/ against 28 ms.
      const watched = new Map<AnyActorRef, Subscription>();
      const watch = () => {
        const snapshot = list.getSnapshot();
        const roster = snapshot.children.roster;
        const now = new Set(childrenOf(snapshot));
        for (const [child, subscription] of watched) {
          if (now.has(child)) continue;
          subscription.unsubscribe();
          watched.delete(child);
        }
        for (const child of now) {
          if (!watched.has(child)) {
            watched.set(child, child.subscribe(child === roster ? changed : notify));
          }
        }
      };
      const changed = () => {
        watch();
        notify();
      };
      watch();
      const own = list.subscribe(changed);
      return () => {
        own.unsubscribe();
        for (const subscription of watched.values()) subscription.unsubscribe();
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
  // The same read on the server (issue 75): the list it drew is the one the browser starts from.
  return useSyncExternalStore(subscribe, read, read);
}
