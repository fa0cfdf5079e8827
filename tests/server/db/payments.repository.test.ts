import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { PaymentsRepository } from '../../../server/db/repositories/payments.repository.js';
import { PaymentsLedger } from '../../../server/payments/ledger.js';
import type { ProviderResult } from '../../../server/payments/port.js';
import { repositoryStores } from './stores.js';

const stores = repositoryStores('payments');
const now = new Date('2026-12-03T15:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

describe.each(stores)('payments (migration 053) on $name', ({ open }) => {
  let database: Database;
  let warnings: Array<Record<string, unknown>>;
  let ledger: PaymentsLedger;
  beforeEach(async () => {
    database = await open();
    await database.db.deleteFrom('payments').execute();
    warnings = [];
    ledger = new PaymentsLedger(new PaymentsRepository(database.db), {
      warn: (details) => warnings.push(details),
    });
  });
  afterEach(async () => database.close());

  const start = (amountCents = 25_000, personId = 1) =>
    ledger.start(
      {
        personId,
        amountCents,
        provider: 'touchnet',
        balanceCents: 120_000,
        actedBy: personId,
        actedAs: 'self',
      },
      now,
    );
  const result = (extTransId: string, more: Partial<ProviderResult> = {}): ProviderResult => ({
    extTransId,
    amountCents: 25_000,
    providerRef: 'TPG1',
    outcome: 'confirmed',
    ...more,
  });

  it('a payment starts handed off, with an id of letters and digits only (uPay refuses a hyphen)', async () => {
    const payment = await start();
    expect(payment.state).toBe('handedOff');
    expect(payment.extTransId).toMatch(/^[A-Z0-9]{21}$/);
    expect(payment.actedAs).toBe('self');
  });

  it("the provider's confirmed result makes it received, once, with the provider's reference", async () => {
    const payment = await start();
    const taken = await ledger.takeResult('touchnet', result(payment.extTransId), later(0.1));
    expect(taken.ok && taken.payment.state).toBe('received');
    const [kept] = await new PaymentsRepository(database.db).ofPerson(1, 50);
    expect(kept).toMatchObject({ state: 'received', providerRef: 'TPG1', receivedAt: later(0.1) });
    expect(warnings).toEqual([]);
  });

  it('a forged posting (wrong amount, unknown id, replayed id, another provider) changes nothing and is logged', async () => {
    const payment = await start();
    const refusals = [
      await ledger.takeResult('touchnet', result(payment.extTransId, { amountCents: 2_500 }), now),
      await ledger.takeResult('touchnet', result('PNOSUCHPAYMENT'), now),
      await ledger.takeResult('nelnet', result(payment.extTransId), now),
    ];
    expect(refusals).toEqual([
      { ok: false, reason: 'wrong-amount' },
      { ok: false, reason: 'unknown-id' },
      { ok: false, reason: 'wrong-provider' },
    ]);
    const [untouched] = await new PaymentsRepository(database.db).ofPerson(1, 50);
    expect(untouched).toMatchObject({ state: 'handedOff', providerRef: null });

    expect((await ledger.takeResult('touchnet', result(payment.extTransId), now)).ok).toBe(true);
    const replays = [
      await ledger.takeResult('touchnet', result(payment.extTransId), now),
      await ledger.takeResult(
        'touchnet',
        result(payment.extTransId, { providerRef: 'TPG2', outcome: 'cancelled' }),
        now,
      ),
    ];
    expect(replays).toEqual([
      { ok: false, reason: 'replayed' },
      { ok: false, reason: 'replayed' },
    ]);
    const [received] = await new PaymentsRepository(database.db).ofPerson(1, 50);
    expect(received).toMatchObject({ state: 'received', providerRef: 'TPG1' });
    expect(warnings.map((w) => w.reason)).toEqual([
      'wrong-amount',
      'unknown-id',
      'wrong-provider',
      'replayed',
      'replayed',
    ]);
  });

  it('a received payment is posted when the SIS balance has dropped by its amount, not before', async () => {
    const first = await start(25_000);
    const second = await start(10_000);
    await ledger.takeResult('touchnet', result(first.extTransId), now);
    await ledger.takeResult(
      'touchnet',
      result(second.extTransId, { amountCents: 10_000, providerRef: 'TPG2' }),
      now,
    );
    expect(await ledger.balanceRead(1, 120_000, later(1))).toEqual([]);
    const posted = await ledger.balanceRead(1, 95_000, later(2));
    expect(posted.map((p) => p.id)).toEqual([first.id]);
    expect((await ledger.balanceRead(1, 85_000, later(3))).map((p) => p.id)).toEqual([second.id]);
    const states = (await new PaymentsRepository(database.db).ofPerson(1, 50)).map((p) => p.state);
    expect(states).toEqual(['posted', 'posted']);
  });

  it('a handed-off payment no provider answered for expires; a received one not posted in the window is late', async () => {
    const waiting = await start();
    const confirmed = await start(10_000);
    await ledger.takeResult('touchnet', result(confirmed.extTransId, { amountCents: 10_000 }), now);
    expect(await ledger.expireHandoffs(later(-1), later(25))).toBe(0);
    expect(await ledger.expireHandoffs(later(24), later(25))).toBe(1);
    expect(
      (
        await ledger.takeResult(
          'touchnet',
          result(waiting.extTransId, { providerRef: 'TPG9' }),
          later(26),
        )
      ).ok,
    ).toBe(false);
    expect((await ledger.lateReceived(later(24 * 5 + 1))).map((p) => p.id)).toEqual([confirmed.id]);
    expect(await ledger.lateReceived(later(-1))).toEqual([]);
  });

  it("lists a person's payments newest first and never another person's", async () => {
    const older = await start(1_000);
    const newer = await ledger.start(
      {
        personId: 1,
        amountCents: 2_000,
        provider: 'touchnet',
        balanceCents: 120_000,
        actedBy: 9,
        actedAs: 'delegate',
      },
      later(1),
    );
    await start(3_000, 2);
    const listed = await new PaymentsRepository(database.db).ofPerson(1, 50);
    expect(listed.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(listed[0]).toMatchObject({ actedBy: 9, actedAs: 'delegate' });
  });
});
