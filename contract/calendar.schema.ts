import { z } from 'zod';

/**
 * `GET` and `POST /api/calendar/subscription`: the signed-in person's personal calendar feed.
 * - `none`: no address yet;
 * - `ready`: the secret address (`path`, `/calendar/<token>.ics`, on the portal's own origin);
 * - `hidden`: an address exists and works, but can no longer be shown (the server's secret changed);
 *   resetting makes a new one that can.
 */
export const calendarSubscriptionSchema = /* @__PURE__ */ z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('ready'),
    path: z.string().regex(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/),
    created_at: z.iso.datetime(),
  }),
  z.object({ state: z.literal('hidden'), created_at: z.iso.datetime() }),
]);
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;
