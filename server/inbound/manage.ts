import type { Repositories } from '../db/repositories.js';
import { LIVE_KEYS_MAX, newKey } from './keys.js';
import type { PublisherInput } from './publisher.js';

/** A change to publishers refused, in words for staff. */
export class PublisherChangeError extends Error {}

type Repos = Pick<Repositories, 'inboundPublishers'>;

/** Creates a publisher; its name is unique. Resolves to its id. */
export async function createPublisher(repos: Repos, input: PublisherInput, now: Date) {
  if (await repos.inboundPublishers.byName(input.name))
    throw new PublisherChangeError(`There is already a publisher ${input.name}.`);
  return repos.inboundPublishers.create(input, now);
}

/**
 * A new key for the publisher, at most two live at once (the one in use and its successor: rotate by
 * issuing the second, switching the system over, then revoking the first). Resolves to the key, to
 * be shown once: only its hash is kept.
 */
export async function issueKey(repos: Repos, publisherId: number, now: Date) {
  const publisher = await repos.inboundPublishers.byId(publisherId);
  if (!publisher) throw new PublisherChangeError('There is no such publisher.');
  const live = (await repos.inboundPublishers.keys(publisherId)).filter((k) => !k.revoked_at);
  if (live.length >= LIVE_KEYS_MAX)
    throw new PublisherChangeError(
      `${publisher.name} already has ${LIVE_KEYS_MAX} live keys: revoke one first.`,
    );
  const key = newKey(publisher.name);
  await repos.inboundPublishers.addKey(publisherId, key.id, key.hash, now);
  return { id: key.id, key: key.key };
}
