/**
 * One section of a page or one dashboard block (portal.md §4 Loaders, §8): loading, then loaded,
 * empty (its own empty text; a `p_result: "Warning"` answer counts as empty, §7) or failed ("Error
 * retrieving info", with a retry). A failure is reported once through `reportFailure`, which the
 * container provides (it pushes `{type: "api", component}` into the app machine's error list).
 * `section.reload` loads again from any settled state (a "Refresh" button, a changed term); loaded
 * data stays on screen while it reloads, so nothing jumps.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface SectionContext<T> {
  data: T | null;
}

export type SectionEvent = { type: 'section.retry' } | { type: 'section.reload' };

/**
 * Builds a section machine for data of type T. `isEmpty` says when the loaded data has nothing
 * to show; the `load` actor and the `reportFailure` action are provided by the container.
 */
export function createSectionMachine<T>(isEmpty: (data: T) => boolean = () => false) {
  return setup({
    types: { context: {} as SectionContext<T>, events: {} as SectionEvent },
    actors: {
      load: fromPromise<T>(async () => {
        throw new Error('load is provided by the container');
      }),
    },
    actions: {
      reportFailure: (_, _error: unknown) => {},
    },
  }).createMachine({
    id: 'section',
    context: { data: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          onDone: [
            {
              guard: ({ event }) => isEmpty(event.output),
              target: 'empty',
              actions: assign({ data: null }),
            },
            { target: 'loaded', actions: assign({ data: ({ event }) => event.output }) },
          ],
          onError: {
            target: 'failed',
            actions: [
              assign({ data: null }),
              {
                type: 'reportFailure',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            ],
          },
        },
      },
      loaded: { tags: ['loaded'], on: { 'section.reload': 'loading' } },
      empty: { tags: ['empty'], on: { 'section.reload': 'loading' } },
      failed: {
        tags: ['error'],
        on: { 'section.retry': 'loading', 'section.reload': 'loading' },
      },
    },
  });
}

/** The machine the diagrams and the path test walk: data of any shape, empty when it is null. */
export const sectionMachine = createSectionMachine<unknown>((data) => data === null);

/** What a section shows: one of the four loader states. */
export type SectionStatus = 'loading' | 'loaded' | 'empty' | 'error';

export function selectSectionStatus(s: { hasTag: (tag: string) => boolean }): SectionStatus {
  if (s.hasTag('loaded')) return 'loaded';
  if (s.hasTag('empty')) return 'empty';
  if (s.hasTag('error')) return 'error';
  return 'loading';
}

export const selectSectionData = <T>(s: { context: SectionContext<T> }): T | null => s.context.data;
