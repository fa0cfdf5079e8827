import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { postDemoSignIn } from '../helpers/app.js';
import { reminderApp } from './fixture.js';

/** The sample student signs in with `browser`, maybe chooses a language, and gets a reminder of a sample task. */
async function remindedAfterSignIn(browser: string, chosen?: 'en' | 'es') {
  const f = await reminderApp(new Date('2026-11-24T12:00:00.000Z'), {
    env: { PUBLIC_ORIGIN: 'https://portal.example.edu' },
  });
  const signedIn = await postDemoSignIn(f.app, 'student', {
    next: '/',
    headers: { 'accept-language': browser },
  });
  expect(signedIn.statusCode).toBe(303);
  if (chosen) {
    const prefs = await f.app.repositories.preferences.forUser(f.student.id);
    await f.app.repositories.preferences.update(f.student.id, prefs.pk, { language: chosen });
  }
  // The sample tasks the sign-in prepared: one is due on the 26th.
  await f.app.notify.plan();
  f.setNow(new Date('2026-11-25T16:00:00.000Z'));
  await f.app.notify.tick();
  const sent = await f.app.notify.outbox.list(100);
  const email = sent.find((e) => e.channel === 'email');
  return { app: f.app, email };
}

describe('issue 76: the person’s first emails go in the language they signed in with until they choose', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('signed in with a Spanish browser and nothing chosen: the reminder email is Spanish', async () => {
    const r = await remindedAfterSignIn('es-MX,es;q=0.9');
    app = r.app;
    expect(r.email?.subject).toMatch(/^Vence mañana: /);
    expect(r.email?.headers['Content-Language']).toBe('es');
  });

  it('a language chosen on Account wins over the one signed in with', async () => {
    const r = await remindedAfterSignIn('es-MX,es;q=0.9', 'en');
    app = r.app;
    expect(r.email?.subject).toMatch(/^Due tomorrow: /);
  });

  it('signed in with an English browser: English, as before', async () => {
    const r = await remindedAfterSignIn('en-US,en;q=0.9');
    app = r.app;
    expect(r.email?.headers['Content-Language']).toBe('en');
  });
});
