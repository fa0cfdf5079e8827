import {
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
} from '../../contract/push.schema.js';
import type { PushSubscriptionAnswer } from '../../contract/push.schema.js';
import type { Http } from './client.js';

/** `GET /api/push/key`: the portal's VAPID public key (base64url). */
export async function fetchPushKey(http: Http): Promise<string> {
  return pushKeyAnswerSchema.parse(await http.get('push/key').json()).publicKey;
}

/**
 * `POST /api/push/subscriptions`: the browser's subscription for this device (its toJSON()),
 * checked against the contract before it is sent.
 */
export async function savePushSubscription(
  http: Http,
  subscription: unknown,
): Promise<PushSubscriptionAnswer> {
  const json = pushSubscriptionBodySchema.parse(subscription);
  return pushSubscriptionAnswerSchema.parse(await http.post('push/subscriptions', { json }).json());
}

/** `DELETE /api/push/subscriptions`: this device gets no more notifications. */
export async function removePushSubscription(
  http: Http,
  endpoint: string,
): Promise<PushSubscriptionAnswer> {
  const answer = await http.delete('push/subscriptions', { json: { endpoint } });
  return pushSubscriptionAnswerSchema.parse(await answer.json());
}
