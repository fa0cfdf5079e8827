import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { PASSKEYS_LISTED_MAX } from '../../../contract/delegate-passkeys.schema.js';
import { transportsOf } from '../../../server/delegates/passkeys.js';
import { DelegatePasskeysRepository } from '../../../server/db/repositories/delegate-passkeys.repository.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('delegate_passkeys');
const now = new Date('2026-11-27T17:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe.each(stores)("delegates' passkeys (migration 049) on $name", ({ open }) => {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    await database.db.deleteFrom('delegate_passkeys').execute();
    await database.db.deleteFrom('delegate_passkey_challenges').execute();
  });
  afterEach(async () => database.close());

  it('a challenge is used once, by its own ceremony and delegate, before it expires, whichever process asks', async () => {
    const one = new DelegatePasskeysRepository(database.db);
    const two = new DelegatePasskeysRepository(database.db);
    await one.issueChallenge('c1', 'register', 7, later(2));
    expect(await one.useChallenge('c1', 'sign-in', null, now)).toBe(false);
    expect(await one.useChallenge('c1', 'register', 8, now)).toBe(false);
    const both = await Promise.all([
      one.useChallenge('c1', 'register', 7, now),
      two.useChallenge('c1', 'register', 7, now),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    await one.issueChallenge('c2', 'sign-in', null, later(2));
    expect(await one.useChallenge('c2', 'sign-in', null, later(3))).toBe(false);
  });

  it('keeps a passkey with a counter past 2^31, lists it for its delegate alone and removes it only for them', async () => {
    const repo = new DelegatePasskeysRepository(database.db);
    const id = await repo.add(
      {
        delegateId: 7,
        credentialId: 'cred-1',
        publicKey: 'pk',
        counter: 0,
        transports: ['internal', 'hybrid'],
        deviceType: 'multiDevice',
        backedUp: true,
      },
      now,
    );
    await repo.used(id, 3_000_000_000, later(1));
    const [kept] = await repo.ofDelegate(7);
    expect(kept).toMatchObject({
      credentialId: 'cred-1',
      counter: 3_000_000_000,
      transports: ['internal', 'hybrid'],
      lastUsedAt: later(1).toISOString(),
    });
    expect(await repo.ofDelegate(8)).toEqual([]);
    expect(await repo.remove(8, id)).toBe(false);
    expect(await repo.remove(7, id)).toBe(true);
    expect(await repo.byCredentialId('cred-1')).toBeUndefined();
  });

  it('issue 87: lists a delegate’s first PASSKEYS_LISTED_MAX passkeys, cut in the query', async () => {
    const repo = new DelegatePasskeysRepository(database.db);
    for (let n = 0; n <= PASSKEYS_LISTED_MAX; n++) {
      await repo.add(
        {
          delegateId: 9,
          credentialId: `cred-${n}`,
          publicKey: 'pk',
          counter: 0,
          transports: ['usb'],
          deviceType: 'singleDevice',
          backedUp: false,
        },
        now,
      );
    }
    const listed = await repo.ofDelegate(9);
    expect(listed).toHaveLength(PASSKEYS_LISTED_MAX);
    expect(listed[0]?.credentialId).toBe('cred-0');
    expect(listed.at(-1)?.credentialId).toBe(`cred-${PASSKEYS_LISTED_MAX - 1}`);
  });
});

describe('issue 87: a passkey’s transports are each named once', () => {
  it('keeps the transports WebAuthn names, each once, in their first order', () => {
    expect(transportsOf(['usb', 'internal', 'usb', 'teleport', 'internal', 'nfc'])).toEqual([
      'usb',
      'internal',
      'nfc',
    ]);
  });
});
