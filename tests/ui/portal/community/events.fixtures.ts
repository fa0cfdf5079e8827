import type { FeedEvent } from '../../../../contract/events.schema.js';

/** A §3 Event as the server sends it; `n` varies the id, title and day. */
export const feedEvent = (n: number, over: Partial<FeedEvent> = {}): FeedEvent => {
  const day = 10 + (n % 18);
  return {
    id: `e${n}`,
    link: `https://events.campus.example.edu/${n}`,
    title: `Event ${n}`,
    image: `/api/feed-images/${String(n).padStart(43, 'a')}`,
    image_alt: `Event ${n}`,
    datetime_string: `Nov ${day}, 2026, 6:00 PM – 8:00 PM PST`,
    location: 'Lincoln Hall 75',
    locationType: 'in-person',
    group: null,
    start: `2026-11-${day + 1}T02:00:00.000Z`,
    end: `2026-11-${day + 1}T04:00:00.000Z`,
    privacyLevel: null,
    ...over,
  };
};

export const feedEvents = (count: number) =>
  Array.from({ length: count }, (_, i) => feedEvent(i + 1));
