import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { paymentHandoffSchema } from '../../../../contract/payments.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import { touchnetEnv } from './touchnet-site.js';

const HOUR = 3_600_000;

describe('a payment no provider answered for expires (issue 89)', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  const start = async (hours?: number) => {
    let now = new Date('2026-11-20T15:00:00Z');
    const env: Record<string, string> = { ...touchnetEnv };
    if (hours !== undefined) {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
      writeFileSync(file, JSON.stringify({ payments: { handoffHours: hours } }));
      env.CAMPUS_CONFIG = file;
    }
    app = await createTestApp({ env, clock: () => now });
    const { token } = await signIn(app, 'new-student');
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { authorization: `Token ${token}` },
      payload: { choice: 'other', amount_cents: 10_000 },
    });
    expect(started.statusCode).toBe(201);
    const handoff = paymentHandoffSchema.parse(started.json());
    const id = handoff.fields.find((f) => f.name === 'EXT_TRANS_ID')?.value ?? '';
    return {
      later: (ms: number) => {
        now = new Date(now.getTime() + ms);
      },
      // Read from the store: the student's session does not outlive the window.
      state: async () => (await app.repositories.payments.byExtTransId(id))?.state,
    };
  };

  it("a hand-off unanswered past the campus's handoffHours (24 by default) is expired; one within them is not", async () => {
    const payment = await start();
    payment.later(23 * HOUR);
    expect(await app.payments.expireHandoffs()).toBe(0);
    expect(await payment.state()).toBe('handedOff');
    payment.later(2 * HOUR);
    expect(await app.payments.expireHandoffs()).toBe(1);
    expect(await payment.state()).toBe('expired');
    expect(await app.payments.expireHandoffs()).toBe(0);
  });

  it("the window is the campus configuration's payments.handoffHours", async () => {
    const payment = await start(2);
    payment.later(HOUR);
    expect(await app.payments.expireHandoffs()).toBe(0);
    payment.later(HOUR + 1000);
    expect(await app.payments.expireHandoffs()).toBe(1);
    expect(await payment.state()).toBe('expired');
  });
});
