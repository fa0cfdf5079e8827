import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegationSchema } from '../../../../contract/delegates.schema.js';
import { createTestApp } from '../../helpers/app.js';
import { asStudent } from '../../helpers/delegate.js';

let now = new Date('2026-11-27T17:00:00.000Z');
let app: FastifyInstance;

/** A campus whose university has a name in each language (the configuration, not the code, names it). */
function owlCampus() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'campus-')), 'campus.json');
  const universityName = { en: 'Owl University', es: 'Universidad Búho' };
  writeFileSync(file, JSON.stringify({ universityName }));
  return file;
}

beforeAll(async () => {
  app = await createTestApp({ clock: () => now, env: { CAMPUS_CONFIG: owlCampus() } });
});
afterAll(async () => {
  await app.close();
});

/** The newest email to `to` in the outbox (the mail double when no SMTP server is set). */
async function lastEmailTo(to: string) {
  const email = (await app.notify.outbox.list(50)).find((e) => e.recipient === to);
  if (!email) throw new Error(`no email to ${to}`);
  return email;
}

/** The student shares Finances with `email` (emails in `language`) until January 13, 2027. */
async function share(email: string, language: 'en' | 'es') {
  const shared = await asStudent(app, 'POST', '/api/delegations', {
    name: 'María Valencia',
    email,
    categories: ['finances'],
    purpose: 'Paying tuition and fees',
    until: '2027-01-13',
    language,
  });
  expect(shared.statusCode).toBe(201);
  return delegationSchema.parse(shared.json());
}

/** Changes the grant's end to `until`. */
async function change(id: number, until: string) {
  const changed = await asStudent(app, 'PATCH', `/api/delegations/${id}`, { until });
  expect(changed.statusCode).toBe(200);
}

describe('every email to a delegate names the university, in their language (issue 87)', () => {
  it('a change, a stop and an end by date each name the university, with US English dates', async () => {
    const tio = await share('tio@example.com', 'en');
    await change(tio.id, '2027-01-20');
    const changed = await lastEmailTo('tio@example.com');
    expect(changed.subject).toBe('Ana Valencia changed what they share with you at Owl University');
    expect(changed.text).toContain(
      'Ana Valencia, a student at Owl University, now shares Finances and holds with you, read only, until January 20, 2027.',
    );
    expect(changed.headers['Content-Language']).toBe('en');

    expect((await asStudent(app, 'DELETE', `/api/delegations/${tio.id}`)).statusCode).toBe(204);
    const stopped = await lastEmailTo('tio@example.com');
    expect(stopped.subject).toBe(
      'Ana Valencia stopped sharing their student record at Owl University with you',
    );
    expect(stopped.text).toContain(
      'You can no longer see Finances and holds of Ana Valencia, a student at Owl University.',
    );

    const aunt = await share('tia@example.com', 'en');
    now = new Date(new Date(aunt.ends_at).getTime() + 1000);
    expect(await app.delegates.tellEnded()).toBeGreaterThanOrEqual(1);
    const ended = await lastEmailTo('tia@example.com');
    expect(ended.subject).toBe(
      'Your access to the student record of Ana Valencia at Owl University ended',
    );
    expect(ended.text).toContain(
      'The access Ana Valencia, a student at Owl University, gave you to Finances and holds ended on January 13, 2027.',
    );
  });

  it('in Spanish, a change, a stop and an end by date name the university in Spanish, with Spanish dates', async () => {
    now = new Date('2026-11-28T17:00:00.000Z');
    const abuela = await share('abuela@example.com', 'es');
    await change(abuela.id, '2027-01-20');
    const changed = await lastEmailTo('abuela@example.com');
    expect(changed.subject).toBe(
      'Ana Valencia cambió lo que comparte con usted en Universidad Búho',
    );
    expect(changed.text).toContain(
      'Ana Valencia, estudiante de Universidad Búho, ahora comparte Finanzas y retenciones con usted, solo para consulta, hasta el 20 de enero de 2027.',
    );
    expect(changed.headers['Content-Language']).toBe('es');

    expect((await asStudent(app, 'DELETE', `/api/delegations/${abuela.id}`)).statusCode).toBe(204);
    const stopped = await lastEmailTo('abuela@example.com');
    expect(stopped.subject).toBe(
      'Ana Valencia dejó de compartir con usted su expediente estudiantil de Universidad Búho',
    );
    expect(stopped.text).toContain('de Ana Valencia, estudiante de Universidad Búho.');

    const abuelo = await share('abuelo@example.com', 'es');
    now = new Date(new Date(abuelo.ends_at).getTime() + 1000);
    expect(await app.delegates.tellEnded()).toBeGreaterThanOrEqual(1);
    const ended = await lastEmailTo('abuelo@example.com');
    expect(ended.subject).toBe(
      'Terminó su acceso al expediente estudiantil de Ana Valencia en Universidad Búho',
    );
    expect(ended.text).toContain(
      'El acceso que Ana Valencia, estudiante de Universidad Búho, le dio a Finanzas y retenciones terminó el 13 de enero de 2027.',
    );
  });
});
