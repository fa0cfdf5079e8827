import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { at, days, reminderApp } from './fixture.js';

const START = new Date('2026-11-24T18:00:00.000Z');

describe('the unsubscribe pages in the reader’s language (issue 59: the unsubscribe and problem pages are translated)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  async function setUp() {
    const f = await reminderApp(START);
    app = f.app;
    const page = (token: string, language: string, done = false) =>
      f.app.inject({
        url: `/api/notify/unsubscribe?token=${encodeURIComponent(token)}${done ? '&done=1' : ''}`,
        headers: { accept: 'text/html', 'accept-language': language },
      });
    return { ...f, page };
  }

  it('a browser that prefers Spanish reads the question, the button and the result in Spanish, each topic as its own sentence, with lang="es"', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'messages');
    const question = await f.page(token, 'es-US,es;q=0.9,en;q=0.5');
    expect(question.statusCode).toBe(200);
    expect(question.headers['content-language']).toBe('es');
    expect(question.body).toContain('<html lang="es"');
    expect(question.body).toContain('<h1>¿Dejar de recibir los mensajes de la universidad?</h1>');
    expect(question.body).toContain('<button type="submit">Dejar de recibir</button>');
    expect(question.body).not.toMatch(/Unsubscribe<|You will no longer/);
    const done = await f.page(f.app.notify.tokens.make(f.student.id, 'deadlines'), 'es', true);
    expect(done.body).toContain(
      'Ya no recibirá recordatorios de fechas límite de Próximos pasos por correo electrónico.',
    );
  });

  it('the same link in an English browser keeps the English words, "Next Steps" written as its name', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'deadlines');
    const question = await f.page(token, 'en-US,en;q=0.9');
    expect(question.body).toContain('<html lang="en"');
    expect(question.body).toContain('<h1>Stop Next Steps deadline reminders?</h1>');
    expect(question.body).toContain(
      'You will no longer get Next Steps deadline reminders by email. You can turn them on again in Next Steps.',
    );
  });

  it('an expired link’s page, a problem page, is in Spanish too, its link to the settings included', async () => {
    const f = await setUp();
    const token = f.app.notify.tokens.make(f.student.id, 'coursework');
    f.setNow(at(START, days(91)));
    const expired = await f.page(token, 'es');
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<h1>Este enlace ha vencido</h1>');
    expect(expired.body).toContain('durante 90 días');
    expect(expired.body).toContain('recordatorios de entregas de cursos');
    expect(expired.body).toContain(
      '<a href="/next-steps/preferences">Elija sus notificaciones en Próximos pasos</a>',
    );
  });
});
