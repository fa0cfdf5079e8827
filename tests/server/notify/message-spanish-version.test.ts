import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pushMessageSchema } from '../../../contract/push.schema.js';
import { FakePushService } from '../../fake-push/fake-push.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';

// Tue Nov 3, 2026, 11:00 AM PST: outside the default quiet hours, so nothing waits.
const MORNING = new Date('2026-11-03T19:00:00.000Z');

describe('a staff message’s email, text and push to a person who chose Español use its Spanish version where one exists (issue 59)', () => {
  let push: FakePushService;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    push = await FakePushService.start();
  });
  afterAll(async () => push.close());
  afterEach(async () => {
    await app?.close();
    app = undefined;
    push.received.length = 0;
  });

  /** The student with texts allowed, a device subscribed, and Account's Language chosen. */
  async function portal(language: 'en' | 'es') {
    const a = await createTestApp({
      clock: () => MORNING,
      env: { PUBLIC_ORIGIN: 'https://portal.example.edu', PUSH_SERVICE_HOSTS: push.host },
      notify: { pushAgent: push.agent() },
    });
    app = a;
    const student = await signIn(a, 'student');
    const id = (await a.repositories.users.findByUsername('avalencia'))?.id ?? 0;
    const { pk } = await a.repositories.preferences.forUser(id);
    await a.repositories.preferences.update(id, pk, {
      contact_by_text: true,
      sms_number: '(503) 555-0142',
      language,
    });
    const device = push.device();
    await a.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Token ${student.token}` },
      payload: device.subscription,
    });
    const staff = await adminAs(a, 'staff');
    const sent = await staff.form('/admin/messages', [
      ['audience', 'person'],
      ['username', 'avalencia'],
      ['title', 'Library hours change'],
      ['body', 'The library closes at 6 PM on Friday.'],
      ['title_es', 'Cambia el horario de la biblioteca'],
      ['body_es', 'La biblioteca cierra a las 6 p. m. el viernes.'],
      ['also_notify', 'on'],
    ]);
    expect(sent.statusCode).toBeLessThan(400);
    await a.notify.tick();
    const outbox = await a.notify.outbox.list(20);
    return {
      email: outbox.find((e) => e.channel === 'email'),
      text: outbox.find((e) => e.channel === 'sms'),
      pushed: push.received
        .filter((m) => m.device === device.id)
        .map((m) => pushMessageSchema.parse(JSON.parse(device.decrypt(m.body)))),
    };
  }

  it('to a person who chose Español: the Spanish subject, heading and body, nothing marked English, and the text and push in Spanish', async () => {
    const { email, text, pushed } = await portal('es');
    expect(email?.subject).toBe('Cambia el horario de la biblioteca');
    expect(email?.headers['Content-Language']).toBe('es');
    expect(email?.html).toMatch(/<h1[^>]*>Cambia el horario de la biblioteca<\/h1>/);
    expect(email?.html).toContain('La biblioteca cierra a las 6 p. m. el viernes.');
    expect(email?.html).not.toContain('lang="en"');
    expect(email?.text).toContain('La biblioteca cierra a las 6 p. m. el viernes.');
    expect(email?.text).not.toContain('The library closes');
    expect(text?.text).toContain('Cambia el horario de la biblioteca');
    expect(pushed).toEqual([
      expect.objectContaining({
        title: 'Cambia el horario de la biblioteca',
        body: 'La biblioteca cierra a las 6 p. m. el viernes.',
      }),
    ]);
  });

  it('to a person who chose English: the English as written, by email, text and push', async () => {
    const { email, text, pushed } = await portal('en');
    expect(email?.subject).toBe('Library hours change');
    expect(email?.text).toContain('The library closes at 6 PM on Friday.');
    expect(email?.text).not.toContain('biblioteca');
    expect(text?.text).toContain('Library hours change');
    expect(pushed.map((m) => m.title)).toEqual(['Library hours change']);
  });
});
