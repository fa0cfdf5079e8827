import {
  pushKeyAnswerSchema,
  pushSubscriptionAnswerSchema,
  pushSubscriptionBodySchema,
} from '../../contract/push.schema.js';
import type { PushSubscriptionAnswer } from '../../contract/push.schema.js';
import { errorSchema } from '../../contract/error.schema.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

/**
 * The portal refused this device (400: its push service is not one the portal sends to; 409:
 * another person gets notifications on this browser), with the reason to show the person.
 */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

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
  const answer = await http.post('push/subscriptions', { json, throwHttpErrors: false });
  if (answer.status === 400 || answer.status === 409) {
    const refusal = errorSchema.safeParse(await answer.json().catch(() => null));
    if (refusal.success) throw new PushRefusedError(answer.status, refusal.data.detail);
  }
  if (!answer.ok) {
    throw new HttpStatusError(answer.status, `Turning push on failed (${answer.status})`);
  }
  return pushSubscriptionAnswerSchema.parse(await answer.json());
}

/** `DELETE /api/push/subscriptions`: this device gets no more notifications. */
export async function removePushSubscription(
  http: Http,
  endpoint: string,
): Promise<PushSubscriptionAnswer> {
  const answer = await http.delete('push/subscriptions', { json: { endpoint } });
  return pushSubscriptionAnswerSchema.parse(await answer.json());
}
