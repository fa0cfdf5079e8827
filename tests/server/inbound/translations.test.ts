import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emergencyAlertsAnswerSchema } from '../../../contract/alerts.schema.js';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import { as } from '../routes/next-steps/helpers.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
const ES = {
  es: { title: 'Envíe su hoja de verificación', body: 'Ayuda financiera la necesita.' },
};

describe('translations.es: a Spanish reader gets a publisher’s Spanish text where given, others the English (marked en)', () => {
  let app: FastifyInstance;
  let key: string;
  beforeEach(async () => {
    app = await inboundApp();
    ({ key } = await publisherWithKey(app));
  });
  afterEach(async () => app.close());

  const post = (payload: unknown) =>
    app.inject({ method: 'POST', url: ITEMS, headers: bearer(key), payload: payload as object });
  const messages = async (token: string) =>
    messagePageSchema.parse(
      (
        await app.inject({
          url: '/api/notifications/user',
          headers: { authorization: `Token ${token}` },
        })
      ).json(),
    ).messages;
  /** Signs the persona in and sets Account's Language. */
  const reader = async (persona: 'student' | 'new-student', language: 'en' | 'es' | null) => {
    const signed = await as(app, persona);
    if (language !== null) {
      const user = await app.repositories.users.findByUsername(
        persona === 'student' ? 'avalencia' : 'jnguyen',
      );
      const prefs = await app.repositories.preferences.forUser(user?.id ?? 0);
      await app.repositories.preferences.update(user?.id ?? 0, prefs.pk, { language });
    }
    return signed;
  };

  it('a task: Spanish title and description for a reader who chose Español, English (lang en) for one who chose English', async () => {
    const spanish = await reader('student', 'es');
    expect((await post(taskFor(['avalencia'], { translations: ES }))).statusCode).toBe(201);
    const [mine] = (await spanish.tasks()).filter((t) => t.task.title.startsWith('Envíe'));
    expect(mine?.task).toMatchObject({
      title: 'Envíe su hoja de verificación',
      description: 'Ayuda financiera la necesita.',
      lang: 'es',
    });

    await app.repositories.preferences.update(
      mine?.user ?? 0,
      (await app.repositories.preferences.forUser(mine?.user ?? 0)).pk,
      { language: 'en' },
    );
    const [english] = (await spanish.tasks()).filter((t) => t.id === mine?.id);
    expect(english?.task).toMatchObject({
      title: 'Send your verification worksheet',
      lang: 'en',
    });
  });

  it('a message without a Spanish text reaches a Spanish reader in English, marked lang en; with one, in Spanish', async () => {
    const spanish = await reader('student', 'es');
    await post({
      kind: 'message',
      source_id: 'english-only',
      audience: { users: ['avalencia'] },
      title: 'Your refund is ready',
      body: 'It is on its way.',
    });
    await post({
      kind: 'message',
      source_id: 'both',
      audience: { users: ['avalencia'] },
      title: 'Your award letter is ready',
      body: 'Read it in the aid portal.',
      translations: { es: { title: 'Su carta de ayuda está lista', body: 'Léala en el portal.' } },
    });
    const got = await messages(spanish.token);
    expect(got.find((m) => m.title === 'Your refund is ready')?.lang).toBe('en');
    expect(got.find((m) => m.title === 'Su carta de ayuda está lista')).toMatchObject({
      body: 'Léala en el portal.',
      lang: 'es',
    });
    expect(got.some((m) => m.title === 'Your award letter is ready')).toBe(false);
    // The staff's own messages without a Spanish version are English, marked so (issue 59).
    expect(got.filter((m) => m.from === undefined).every((m) => m.lang === 'en')).toBe(true);
  });

  it('a reader who never chose a language gets the English', async () => {
    const student = await reader('student', null);
    await post(taskFor(['avalencia'], { translations: ES }));
    const titles = (await student.tasks()).map((t) => t.task.title);
    expect(titles).toContain('Send your verification worksheet');
    expect(titles).not.toContain('Envíe su hoja de verificación');
  });

  it('an alert: its Spanish for a Spanish reader (lang es), the campus feed’s marked lang en; as written, marked English, for an English reader (so they stay marked after a switch to Spanish)', async () => {
    const alerts = async (token: string, language?: string) =>
      emergencyAlertsAnswerSchema.parse(
        (
          await app.inject({
            url: '/api/integrations/rave-messages',
            headers: {
              authorization: `Token ${token}`,
              ...(language ? { 'accept-language': language } : {}),
            },
          })
        ).json(),
      );
    const spanish = await reader('student', 'es');
    await post({
      kind: 'alert',
      source_id: 'library-closed',
      audience: { users: ['avalencia'] },
      title: 'The library is closed today',
      body: 'A water leak.',
      severity: 'advisory',
      translations: { es: { title: 'La biblioteca cierra hoy', body: 'Una fuga de agua.' } },
    });
    const inSpanish = await alerts(spanish.token);
    if (!inSpanish.checked) throw new Error('The alerts were not checked');
    const own = inSpanish.alerts.find((a) => a.title === 'La biblioteca cierra hoy');
    expect(own).toMatchObject({ description: 'Una fuga de agua.', lang: 'es' });
    const campus = inSpanish.alerts.filter((a) => a !== own);
    expect(campus.length).toBeGreaterThan(0);
    expect(campus.every((a) => a.lang === 'en')).toBe(true);

    // The same reader, having chosen English: as written, whatever the browser asks, and marked
    // English: the page keeps its alerts when its reader switches to Spanish.
    await app.repositories.preferences.update(
      (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0,
      (
        await app.repositories.preferences.forUser(
          (await app.repositories.users.findByUsername('avalencia'))?.id ?? 0,
        )
      ).pk,
      { language: 'en' },
    );
    const inEnglish = await alerts(spanish.token, 'es-US');
    if (!inEnglish.checked) throw new Error('The alerts were not checked');
    expect(inEnglish.alerts.map((a) => a.title)).toContain('The library is closed today');
    expect(inEnglish.alerts.every((a) => a.lang === 'en')).toBe(true);
  });

  it('a task’s email to a Spanish reader is in Spanish', async () => {
    await reader('student', 'es');
    await post(taskFor(['avalencia'], { translations: ES, channels: ['email'] }));
    await app.notify.tick();
    const [email] = await app.notify.outbox.list(10);
    expect(email?.subject).toBe('Envíe su hoja de verificación');
    expect(email?.text).toContain('Ayuda financiera la necesita.');
  });
});
