import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { FeedEvent, FeedName } from '../../../../contract/events.schema.js';
import { createHttp } from '../../../api/client.js';
import { fetchFeed } from '../../../api/events.js';
import { createSectionMachine, selectSectionStatus } from '../../../machines/section.machine.js';
import { usePortal } from '../context.js';

const http = createHttp();
const feedMachine = createSectionMachine<FeedEvent[]>((events) => events.length === 0);
const NO_EVENTS: FeedEvent[] = [];

/**
 * One events or news feed through the section machine (portal.md §4 Loaders), by Token auth. A
 * failure pushes `{type: "api", component: <feed>}` into the app machine (§8 "Error retreiving data").
 */
export function useFeed(feed: FeedName) {
  const { app } = usePortal();
  const section = useActorRef(
    feedMachine.provide({
      actors: {
        load: fromPromise(() =>
          fetchFeed(http, feed, app.getSnapshot().context.user?.auth_token ?? ''),
        ),
      },
      actions: {
        reportFailure: () =>
          app.send({ type: 'app.apiFailed', component: feed, message: 'Error retreiving data' }),
      },
    }),
  );
  const status = useSelector(section, selectSectionStatus);
  const events = useSelector(section, (s) => s.context.data) ?? NO_EVENTS;
  return { status, events, retry: () => section.send({ type: 'section.retry' }) };
}
