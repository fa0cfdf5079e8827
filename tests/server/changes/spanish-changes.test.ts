import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messagePageSchema } from '../../../contract/messages.schema.js';
import { changeText } from '../../../server/changes/texts.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { adminAs } from '../routes/admin/admin-client.js';
import { ChangingSis, financialHold } from './changing-sis.js';

/** A hold the sample campus names in Spanish (contract/sample-record-names.ts). */
const advisingHold = { ...financialHold, HOLD: 'AH', HOLDDESCRIPTION: 'Advising Hold' };

describe('changes to the record told to a Spanish student (issue 87)', () => {
  let app: FastifyInstance;
  let sis: ChangingSis;
  let studentId: number;
  beforeEach(async () => {
    sis = new ChangingSis();
    app = await createTestApp({ sis });
    await signIn(app, 'student');
    const user = await app.repositories.users.findByUsername('avalencia');
    if (!user) throw new Error('no student');
    studentId = user.id;
    await app.nextSteps.ensureUser(user);
    await app.changes.sweep();
  });
  afterEach(async () => app.close());

  const chooseSpanish = async () => {
    const prefs = await app.repositories.preferences.forUser(studentId);
    await app.repositories.preferences.update(studentId, prefs.pk, { language: 'es' });
  };

  it('a hold the campus names in Spanish is quoted by that name in the Spanish message; in English by the record', async () => {
    sis.extraHolds = [advisingHold];
    await app.changes.sweep();
    const row = await app.database.db
      .selectFrom('messages')
      .select(['title', 'translations'])
      .where('title', 'like', 'A hold was added%')
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('A hold was added: Advising Hold');
    expect(JSON.parse(row.translations)).toMatchObject({
      es: { title: 'Se agregó una retención: Retención de asesoría' },
    });
  });

  it('a hold the campus does not name keeps its English name in the Spanish text', () => {
    const change = {
      kind: 'hold-added' as const,
      subject: 'AR',
      label: 'Accounts Receivable Hold',
      criticality: 'urgent' as const,
    };
    expect(changeText(change, 'es', { 'Advising Hold': 'Retención de asesoría' })).toBe(
      'Se agregó una retención: Accounts Receivable Hold',
    );
  });

  it('WCAG 3.1.2: a Spanish message quoting a hold the campus names only in English says which part is English; a translated one has none', async () => {
    await chooseSpanish();
    sis.extraHolds = [financialHold, advisingHold];
    await app.changes.sweep();
    const { token } = await signIn(app, 'student');
    const page = await app.inject({
      url: '/api/notifications/user',
      headers: { authorization: `Token ${token}`, 'accept-language': 'en-US' },
    });
    const messages = messagePageSchema.parse(page.json()).messages;
    const english = messages.find((m) => m.title.endsWith('Accounts Receivable Hold'));
    const translated = messages.find((m) => m.title.endsWith('Retención de asesoría'));
    expect(english).toMatchObject({
      title: 'Se agregó una retención: Accounts Receivable Hold',
      lang: 'es',
      english: ['Accounts Receivable Hold'],
    });
    expect(translated?.lang).toBe('es');
    expect(translated).not.toHaveProperty('english');
  });

  it("the email of a change goes in the student's chosen language, the hold by its Spanish name", async () => {
    await chooseSpanish();
    sis.extraHolds = [advisingHold];
    await app.changes.sweep();
    await app.notify.tick();
    const [email] = (await app.notify.outbox.list(10)).filter((e) => e.channel === 'email');
    expect(email?.subject).toBe('Se agregó una retención: Retención de asesoría');
    expect(email?.headers['Content-Language']).toBe('es');
    expect(email?.html).not.toContain('lang="en"');
  });

  it('WCAG 3.1.2: the email of a change quoting a hold named only in English marks the name lang="en", and only the name', async () => {
    await chooseSpanish();
    sis.extraHolds = [financialHold];
    await app.changes.sweep();
    await app.notify.tick();
    const [email] = (await app.notify.outbox.list(10)).filter((e) => e.channel === 'email');
    expect(email?.subject).toBe('Se agregó una retención: Accounts Receivable Hold');
    expect(email?.html).toContain(
      'Se agregó una retención: <span lang="en">Accounts Receivable Hold</span></h1>',
    );
    expect(email?.html.match(/lang="en"/g)).toHaveLength(1);
  });

  it("a change rule's Spanish title and body are the task's Spanish: a Spanish student reads them", async () => {
    const staff = await adminAs(app, 'staff');
    const added = await staff.form('/admin/change-rules', [
      ['opens', 'hold-added'],
      ['closes', 'hold-removed'],
      ['code', 'AH'],
      ['title', 'See your advisor'],
      ['body', 'An advising hold was added. Book a meeting with your advisor.'],
      ['title_es', 'Hable con su asesor'],
      ['body_es', 'Se añadió una retención de asesoría. Pida una cita con su asesor.'],
      ['link', '/academics#advisors'],
      ['category', ''],
      ['due_in_days', '7'],
    ]);
    expect(added.statusCode).toBe(303);
    const path = added.headers.location?.split('?')[0] ?? '';
    expect((await staff.get(path)).body).toContain('value="Hable con su asesor"');
    sis.extraHolds = [advisingHold];
    await app.changes.sweep();
    const item = await app.database.db
      .selectFrom('inbound_items')
      .select(['title', 'translations'])
      .where('source_id', 'like', 'record:avalencia:hold-added:AH%')
      .executeTakeFirstOrThrow();
    expect(item.title).toBe('See your advisor');
    expect(JSON.parse(item.translations)).toEqual({
      es: {
        title: 'Hable con su asesor',
        body: 'Se añadió una retención de asesoría. Pida una cita con su asesor.',
      },
    });
  });

  it('a Spanish task body without its Spanish title is refused, the Spanish title named', async () => {
    const staff = await adminAs(app, 'staff');
    const page = await staff.form('/admin/change-rules', [
      ['opens', 'hold-added'],
      ['closes', ''],
      ['code', ''],
      ['title', 'See your advisor'],
      ['body', 'Book a meeting.'],
      ['title_es', ''],
      ['body_es', 'Pida una cita.'],
      ['link', '/academics'],
      ['category', ''],
      ['due_in_days', '7'],
    ]);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Give the Spanish title too, or leave every Spanish field empty.');
  });
});
