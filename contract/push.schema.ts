import { z } from 'zod';

/** base64url without padding, as PushSubscription.toJSON() gives a device's keys. */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** `GET /api/push/key`: the portal's VAPID public key, the `applicationServerKey` to subscribe with. */
export const pushKeyAnswerSchema = /* @__PURE__ */ z.object({ publicKey: base64url(87, 87) });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

/** The push service's address for a device: https only, and not longer than any service gives. */
export const pushEndpointSchema = /* @__PURE__ */ z
  .url({ protocol: /^https$/, error: 'must be an https:// URL' })
  .max(1000);

/**
 * `POST /api/push/subscriptions`: this device's subscription, the shape of PushSubscription.toJSON()
 * (its `expirationTime` is allowed and ignored). `p256dh` is an uncompressed P-256 point (65 bytes,
 * 87 base64url characters), `auth` 16 bytes (22 characters); a little slack for either.
 */
export const pushSubscriptionBodySchema = /* @__PURE__ */ z.strictObject({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /api/push/subscriptions`: turns push off for this device. */
export const pushUnsubscribeBodySchema = /* @__PURE__ */ z.strictObject({
  endpoint: pushEndpointSchema,
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** The answer of both: whether this device now gets notifications. */
export const pushSubscriptionAnswerSchema = /* @__PURE__ */ z.object({ subscribed: z.boolean() });
export type PushSubscriptionAnswer = z.infer<typeof pushSubscriptionAnswerSchema>;

/**
 * What a push message carries to the service worker (worker/sw.ts shows it): a title, a body, the
 * portal page it opens, and a tag so a repeat replaces rather than stacks.
 */
export const pushMessageSchema = /* @__PURE__ */ z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(1000),
  url: z.string().startsWith('/'),
  tag: z.string().max(100),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
