import { useSelector } from '@xstate/react';
import { useDeferredValue, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import {
  createSectionMachine,
  selectSectionData,
  selectSectionStatus,
} from '../../../machines/section.machine.js';
import type { SectionStatus } from '../../../machines/section.machine.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { useOnce } from '../../shared/use-once.js';
import { usePortal } from '../../../routes/portal/context.js';
import { API_FAILURE_MESSAGE, apiFailed } from '../../../api/api-failure.js';
import type { ApiFailedEvent } from '../../../api/api-failure.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** portal.md §8 messages. */
export const DATA_FAILED = API_FAILURE_MESSAGE;
export const TERM_FAILED = 'Unable to retrieve current term info';

/**
 * A failed call, named for the error list: which component and which §8 message. Several sections
 * waiting on one shared call get the same failure, which is reported once.
 */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  constructor(
    readonly component: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Runs `call`, naming its failure `component` (with `message`, "Error retreiving data" by default). */
export async function step<T>(component: string, call: () => Promise<T>, message = DATA_FAILED) {
  try {
    return await call();
  } catch (error) {
    throw error instanceof ApiFailure
      ? error
      : new ApiFailure(component, message, { cause: error });
  }
}

/** The failures already in the error list: one shared call failing counts once, not once per section. */
const reported = new WeakSet<object>();

/** Pushes `{type: "api", component, message}` into the app machine's error list, once per failure. */
export function reportApiFailure(
  app: { send: (event: ApiFailedEvent) => void },
  error: unknown,
  component: string,
) {
  const failure = error instanceof ApiFailure ? error : new ApiFailure(component, DATA_FAILED);
  const cause: unknown = failure.cause ?? error;
  const key = typeof cause === 'object' && cause !== null ? cause : failure;
  if (reported.has(key)) return;
  reported.add(key);
  app.send(apiFailed(failure.component, failure.message));
}

export type SectionRef<T> = ActorRefFrom<ReturnType<typeof createSectionMachine<T>>>;

export interface SectionSpec<T> {
  /** The component tag of the `{type: "api", component}` error a failure pushes (portal.md §8). */
  component: string;
  load: () => Promise<T>;
  isEmpty?: (data: T) => boolean;
  /** portal.md §8 message; "Error retreiving data" (spelling as shown) unless the call has its own. */
  message?: string;
}

/**
 * One page section's loader actor (the section machine); a failure pushes `{type: "api", component,
 * message}` into the app machine's error list, once per failed call. While it loads, the page's
 * content counts as still on its way (`usePendingContent`: Back restores the scroll position once
 * it has settled). Containers that reload a section from outside (a "Refresh") keep the actor; the
 * others use `useSection`.
 */
export function useSectionActor<T>(spec: SectionSpec<T>): SectionRef<T> {
  const { app } = usePortal();
  const loadRef = useRef(spec.load);
  loadRef.current = spec.load;
  const machine = useOnce(() =>
    createSectionMachine<T>(spec.isEmpty).provide({
      actors: {
        load: fromPromise(() => step(spec.component, () => loadRef.current(), spec.message)),
      },
      actions: {
        reportFailure: (_, error) => reportApiFailure(app, error, spec.component),
      },
    }),
  );
  const actor = useActorRef(machine);
  usePendingContent(useSelector(actor, (s) => s.hasTag('loading')));
  return actor;
}

export interface Section<T> {
  status: SectionStatus;
  data: T | null;
  retry: () => void;
}

/** What a section shows: its status and, once loaded, its data. */
export function useSectionView<T>(actor: SectionRef<T>): Section<T> {
  // An answer is drawn in a transition, which React renders in slices and yields between: drawn at
  // once, the answers that arrive together made one long task on a phone (bench:load). Status and
  // data change together and so are drawn together.
  return {
    status: useDeferredValue(useSelector(actor, selectSectionStatus)),
    data: useDeferredValue(useSelector(actor, selectSectionData<T>)),
    retry: () => actor.send({ type: 'section.retry' }),
  };
}

/** One page section: `load` (re-run when `deps` change) and `isEmpty`, on the section machine. */
export function useSection<T>(
  component: string,
  load: () => Promise<T>,
  isEmpty: (data: T) => boolean,
  deps: readonly unknown[] = [],
): Section<T> {
  const actor = useSectionActor({ component, load, isEmpty });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'section.reload' });
    // The caller names what the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return useSectionView(actor);
}
