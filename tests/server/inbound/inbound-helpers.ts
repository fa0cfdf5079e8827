import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { appointmentsSchema } from '../../../contract/appointments.schema.js';
import { createPublisher, issueKey } from '../../../server/inbound/manage.js';
import type { PublisherInput } from '../../../server/inbound/publisher.js';
import { createTestApp } from '../helpers/app.js';
import type { TestAppOptions } from '../helpers/app.js';

/** The app with demo people signed in once (so they are stored) and a generous inbound limit. */
export async function inboundApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  return createTestApp({
    ...options,
    env: { RATE_LIMIT_INBOUND_PER_MINUTE: '100000', ...options.env },
  });
}

export const ALL_SCOPES: PublisherInput['scopes'] = [
  'messages:write',
  'alerts:write',
  'alerts:emergency',
  'tasks:write',
  'tasks:complete',
];

/** A publisher of the test's choosing and one live key of it. */
export async function publisherWithKey(
  app: FastifyInstance,
  input: Partial<PublisherInput> = {},
): Promise<{ id: number; key: string; keyId: string }> {
  const now = app.clock();
  const id = await createPublisher(
    app.repositories,
    {
      name: 'finaid',
      label: 'Financial Aid',
      scopes: ALL_SCOPES,
      roles: ['student'],
      groups: [],
      maxRecipients: 1000,
      ...input,
    },
    now,
  );
  const key = await issueKey(app.repositories, id, now);
  return { id, key: key.key, keyId: key.id };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A task for one student, as a publisher posts it. */
export const taskFor = (users: string[], extra: Record<string, unknown> = {}) => ({
  kind: 'task',
  source_id: 'verify-2027',
  audience: { users },
  title: 'Send your verification worksheet',
  body: 'Financial Aid needs it.',
  due_on: '2030-03-01',
  ...extra,
});

/** An appointment with Dr. Lee for one person, as a booking system posts it. */
export const appointmentFor = (user: string, extra: Record<string, unknown> = {}) => ({
  kind: 'appointment',
  external_id: 'navigate-884213',
  audience: { users: [user] },
  with: { name: 'Dr. Lee', office: 'Academic Advising' },
  starts_at: '2027-12-03T18:00:00Z',
  ends_at: '2027-12-03T18:30:00Z',
  place: 'Student Services 210',
  ...extra,
});

/** The appointments a person reads (`GET /api/appointments`, with their API token). */
export async function appointmentsOf(app: FastifyInstance, token: string) {
  const answer = await app.inject({
    url: '/api/appointments',
    headers: { authorization: `Token ${token}` },
  });
  expect(answer.statusCode).toBe(200);
  return appointmentsSchema.parse(answer.json()).appointments;
}
