import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../contract/language.schema.js';
import { dueWords, reminderPushText } from '../../../server/notify/due-words.js';
import { endOfCampusDay } from '../../../server/time.js';
import { reminderApp } from './fixture.js';

const ZONE = 'America/Los_Angeles';
const NOV_26_END = endOfCampusDay('2026-11-26', ZONE);

/** A date-only task due Thursday, November 26, reminded by email and text on the 25th. */
async function remindedIn(language: Language | null, env: Record<string, string> = {}) {
  const f = await reminderApp(new Date('2026-11-24T12:00:00.000Z'), {
    env: { PUBLIC_ORIGIN: 'https://portal.example.edu', ...env },
  });
  const prefs = await f.app.repositories.preferences.forUser(f.student.id);
  await f.app.repositories.preferences.update(f.student.id, prefs.pk, {
    contact_by_text: true,
    sms_number: '503-555-0142',
    ...(language ? { language } : {}),
  });
  const { taskId } = await f.addTask(NOV_26_END, 'Pay your term bill', [1]);
  await f.app.database.db
    .updateTable('ns_tasks')
    .set({ ends_on_day: '2026-11-26' })
    .where('id', '=', taskId)
    .execute();
  await f.app.notify.plan();
  f.setNow(new Date('2026-11-25T15:00:00.000Z'));
  await f.app.notify.tick();
  f.setNow(new Date('2026-11-25T16:00:00.000Z'));
  await f.app.notify.tick();
  const sent = (await f.app.notify.outbox.list(100)).filter((e) =>
    e.text.includes('Pay your term bill'),
  );
  return {
    app: f.app,
    taskId,
    email: sent.find((e) => e.channel === 'email'),
    text: sent.find((e) => e.channel === 'sms'),
  };
}

describe('reminders in the language the person chose (issue 59)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('to a person who chose Español, the reminder email is Spanish: subject, body, unsubscribe link text, lang and Content-Language: es', async () => {
    const r = await remindedIn('es');
    app = r.app;
    expect(r.email?.subject).toBe('Vence mañana: Pay your term bill');
    expect(r.email?.text).toContain('Hola, Ana:');
    expect(r.email?.text).toContain(
      'Su tarea de Próximos pasos "Pay your term bill" vence el jueves, 26 de noviembre (mañana).',
    );
    expect(r.email?.text).toContain('Dejar de recibir recordatorios de fechas límite: https://');
    expect(r.email?.html).toContain('<html lang="es">');
    expect(r.email?.html).toContain('<strong>jueves, 26 de noviembre</strong> (mañana)');
    expect(r.email?.html).toMatch(/>Dejar de recibir recordatorios de fechas límite<\/a>/);
    expect(r.email?.html).toContain('>Elija sus notificaciones</a>');
    expect(r.email?.html).not.toMatch(/Stop deadline reminders|Hello|is due/);
    expect(r.email?.headers['Content-Language']).toBe('es');
  });

  it('to a person who chose Español, the reminder text is Spanish', async () => {
    const r = await remindedIn('es');
    app = r.app;
    expect(r.text?.text).toBe(
      `Campus Portal: "Pay your term bill" vence el jueves, 26 de noviembre (mañana). https://portal.example.edu/next-steps/task/${r.taskId}`,
    );
  });

  it('to a person who never chose, the email and text are English, with Content-Language: en', async () => {
    const r = await remindedIn(null);
    app = r.app;
    expect(r.email?.subject).toBe('Due tomorrow: Pay your term bill');
    expect(r.email?.html).toContain('<html lang="en">');
    expect(r.email?.html).toMatch(/>Stop deadline reminders<\/a>/);
    expect(r.email?.headers['Content-Language']).toBe('en');
    expect(r.text?.text).toBe(
      `Campus Portal: "Pay your term bill" is due Thursday, November 26 (tomorrow). https://portal.example.edu/next-steps/task/${r.taskId}`,
    );
  });

  it('a campus that names the portal per language: the email and text name it in the recipient’s language', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
    writeFileSync(file, JSON.stringify({ productName: { en: 'Owl Portal', es: 'Portal Búho' } }));
    const es = await remindedIn('es', { CAMPUS_CONFIG: file });
    app = es.app;
    expect(es.text?.text).toMatch(/^Portal Búho: "Pay your term bill" vence/);
    expect(es.email?.text).toContain('Portal Búho');
    expect(es.email?.text).not.toContain('Owl Portal');
    await app.close();
    const en = await remindedIn(null, { CAMPUS_CONFIG: file });
    app = en.app;
    expect(en.text?.text).toMatch(/^Owl Portal: "Pay your term bill" is due/);
    expect(en.email?.text).toContain('Owl Portal');
    expect(en.email?.text).not.toContain('Portal Búho');
  });

  it('a reminder push is Spanish for a person who chose Español, English otherwise, with plurals by ICU', () => {
    const now = new Date('2026-11-25T16:00:00.000Z');
    const es = dueWords(NOV_26_END, '2026-11-26', now, ZONE, 'es');
    expect(reminderPushText('Pay your term bill', es)).toEqual({
      title: 'Vence mañana: Pay your term bill',
      body: 'Pay your term bill vence el jueves, 26 de noviembre (mañana).',
    });
    const en = dueWords(NOV_26_END, '2026-11-26', now, ZONE, 'en');
    expect(reminderPushText('Pay your term bill', en)).toEqual({
      title: 'Due tomorrow: Pay your term bill',
      body: 'Pay your term bill is due Thursday, November 26 (tomorrow).',
    });
    const earlier = new Date('2026-11-23T16:00:00.000Z');
    expect(dueWords(NOV_26_END, '2026-11-26', earlier, ZONE, 'es').when).toBe('en 3 días');
    expect(dueWords(NOV_26_END, null, earlier, ZONE, 'es').due).toMatch(/^jue, 26 de nov/);
  });
});
