import webpush from 'web-push';
import type { PushSubscriptionsRepository } from '../db/repositories/push-subscriptions.repository.js';
import type { VapidKeys } from './vapid-headers.js';

/**
 * The VAPID key pair (RFC 8292) web push signs with: the configured one (`VAPID_PUBLIC_KEY`,
 * `VAPID_PRIVATE_KEY`), else one generated once and kept in the store, so every process and every
 * restart use the same pair and the devices subscribed with its public key keep working.
 */
export async function openPush(
  store: PushSubscriptionsRepository,
  configured: VapidKeys | undefined,
): Promise<VapidKeys> {
  return configured ?? store.vapidKeys(() => webpush.generateVAPIDKeys());
}
