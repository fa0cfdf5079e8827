import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  emergencyAlertSchema,
  emergencyAlertsAnswerSchema,
} from '../../../../contract/alerts.schema.js';
import { errorSchema } from '../../../../contract/error.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';

const now = new Date('2026-11-21T12:00:00.000Z');

describe("emergency alerts: the sample feed and each person's read state", () => {
  let app: FastifyInstance;
  const headersOf = async (persona: 'student' | 'staff') => ({
    authorization: `Token ${(await signIn(app, persona)).token}`,
    'content-type': 'application/json',
  });
  const list = async (headers: Record<string, string>) => {
    const answer = emergencyAlertsAnswerSchema.parse(
      (await app.inject({ url: '/api/integrations/rave-messages', headers })).json(),
    );
    if (!answer.checked) throw new Error('alerts could not be checked');
    return answer.alerts;
  };
  const patch = (id: string, payload: unknown, headers: Record<string, string>) =>
    app.inject({
      method: 'PATCH',
      url: `/api/integrations/rave-messages/${id}`,
      headers,
      payload: JSON.stringify(payload),
    });

  beforeEach(async () => {
    app = await createTestApp({ clock: () => now });
  });
  afterEach(async () => app.close());

  it('answers the current alert of the bundled sample, unread', async () => {
    const alerts = await list(await headersOf('student'));
    expect(alerts).toEqual([expect.objectContaining({ title: 'Campus alert test', read: false })]);
  });

  it('marking an alert read holds for that person only', async () => {
    const ana = await headersOf('student');
    const [alert] = await list(ana);
    if (!alert) throw new Error('no alert');
    const response = await patch(alert.id, { user_read_on: now.toISOString() }, ana);
    expect(response.statusCode).toBe(200);
    expect(emergencyAlertSchema.parse(response.json())).toMatchObject({ id: alert.id, read: true });
    expect((await list(ana))[0]?.read).toBe(true);
    expect((await list(await headersOf('staff')))[0]?.read).toBe(false);
  });

  it('an alert not in the feed answers 404', async () => {
    const response = await patch(
      '0123456789abcdef',
      { user_read_on: now.toISOString() },
      await headersOf('student'),
    );
    expect(response.statusCode).toBe(404);
    expect(errorSchema.parse(response.json())).toEqual({ detail: 'Not found.' });
  });

  it.each([
    ['a malformed id', 'not-an-id', { user_read_on: now.toISOString() }],
    ['an unknown field', '0123456789abcdef', { user_read_on: now.toISOString(), x: 1 }],
    ['a missing date', '0123456789abcdef', {}],
    ['a read date in year 0000', '0123456789abcdef', { user_read_on: '0000-01-01T00:00:00Z' }],
    ['a read date before 1970', '0123456789abcdef', { user_read_on: '1900-01-01T00:00:00Z' }],
  ])('refuses %s with 400 JSON (stored dates fall between 1970 and 2200)', async (_, id, body) => {
    const response = await patch(id, body, await headersOf('student'));
    expect(response.statusCode).toBe(400);
    expect(errorSchema.safeParse(response.json()).success).toBe(true);
  });
});
