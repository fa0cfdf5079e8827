import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { fromPromise } from 'xstate';
import {
  createSectionMachine,
  selectSectionData,
  selectSectionStatus,
} from '../../machines/section.machine.js';
import { usePortal } from './context.js';

export type SectionRef<T> = ActorRefFrom<ReturnType<typeof createSectionMachine<T>>>;

export interface SectionSpec<T> {
  /** The component tag of the `{type: "api", component}` error a failure pushes (portal.md §8). */
  component: string;
  load: () => Promise<T>;
  isEmpty?: (data: T) => boolean;
  /** portal.md §8 message; "Error retreiving data" (spelling as shown) unless the call has its own. */
  message?: string;
}

/** One page section's loader actor (section machine), reporting failures to the app machine. */
export function useSection<T>(spec: SectionSpec<T>): SectionRef<T> {
  const { app } = usePortal();
  const [machine] = useState(() =>
    createSectionMachine<T>(spec.isEmpty).provide({
      actors: { load: fromPromise(() => spec.load()) },
      actions: {
        reportFailure: () =>
          app.send({
            type: 'app.apiFailed',
            component: spec.component,
            message: spec.message ?? 'Error retreiving data',
          }),
      },
    }),
  );
  return useActorRef(machine);
}

/** What a section shows: its status and, once loaded, its data. */
export function useSectionView<T>(ref: SectionRef<T>) {
  const status = useSelector(ref, selectSectionStatus);
  const data = useSelector(ref, (s) => selectSectionData(s));
  return { status, data, retry: () => ref.send({ type: 'section.retry' }) };
}
