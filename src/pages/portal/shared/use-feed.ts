import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { fromPromise } from 'xstate';
import type { FeedEvent, FeedName } from '../../../../contract/events.schema.js';
import { fetchFeed } from '../../../api/events.js';
import { createSectionMachine, selectSectionStatus } from '../../../machines/section.machine.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { usePortal } from '../../../routes/portal/context.js';
import { apiFailed } from '../../../api/api-failure.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

const feedMachine = createSectionMachine<FeedEvent[]>((events) => events.length === 0);
const NO_EVENTS: FeedEvent[] = [];

/**
 * One events or news feed through the section machine (portal.md §4 Loaders), through the portal's API client (Token auth, outages reported). A
 * failure pushes `{type: "api", component: <feed>}` into the app machine (§8 "Error retreiving data").
 * `load`: the read a page's route loader started, which the router keeps; without it, or when it
 * gives none, the feed reads its own.
 */
export function useFeed(feed: FeedName, load?: (() => Promise<FeedEvent[]> | null) | undefined) {
  const { app, http } = usePortal();
  const loadRef = useRef(load);
  loadRef.current = load;
  const section = useActorRef(
    feedMachine.provide({
      actors: {
        load: fromPromise(() => loadRef.current?.() ?? fetchFeed(http, feed)),
      },
      actions: {
        reportFailure: () => app.send(apiFailed(feed)),
      },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  usePendingContent(status === 'loading');
  const events = useSelector(section, (s) => s.context.data) ?? NO_EVENTS;
  return { status, events, retry: () => section.send({ type: 'section.retry' }) };
}
