import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';
import { PARENT, asStudent } from '../../helpers/delegate.js';

const now = new Date('2026-11-27T17:00:00.000Z');
let app: FastifyInstance;

/** A campus whose university has a name in each language. */
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

/** The student shares Finances with `email` (emails in `language`): the invitation sent them. */
async function invite(email: string, language: 'en' | 'es') {
  const shared = await asStudent(app, 'POST', '/api/delegations', {
    name: 'María Valencia',
    email,
    categories: ['finances'],
    purpose: 'Paying tuition and fees',
    until: '2027-05-31',
    language,
  });
  expect(shared.statusCode).toBe(201);
  const email_ = (await app.notify.outbox.list(50)).find((e) => e.recipient === email);
  if (!email_) throw new Error(`no invitation to ${email}`);
  return { email: email_, token: /token=([A-Za-z0-9_-]+)/.exec(email_.text)?.[1] ?? '' };
}

/** The invitation's page as a browser in `language` opens it. */
const acceptPage = (token: string, language: string) =>
  app.inject({
    url: `/auth/delegate/accept?token=${token}`,
    headers: { accept: 'text/html', 'accept-language': language },
  });

describe('the delegate’s invitation names the university and says what accepting does (issue 87)', () => {
  it('the invitation email names the university, in English', async () => {
    const { email } = await invite(PARENT, 'en');
    expect(email.subject).toBe(
      'Ana Valencia invites you to see part of their student record at Owl University',
    );
    expect(email.text).toContain(
      'Ana Valencia, a student at Owl University, shared Finances and holds with you, read only, until May 31, 2027.',
    );
  });

  it('the accept page says who shares what until when, at which university, and what accepting does, above "Accept the invitation"; opening it uses nothing', async () => {
    const { token } = await invite('tio@example.com', 'en');
    const page = await acceptPage(token, 'en-US');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<h1>Ana Valencia invites you to see part of their record at Owl University</h1>',
    );
    expect(page.body).toContain(
      'Accepting lets you see Finances and holds of Ana Valencia, read only, until May 31, 2027.',
    );
    expect(page.body).toContain('Purpose: Paying tuition and fees');
    expect(page.body).toContain('Then we email a link to sign in to tio@example.com.');
    expect(page.body).toMatch(/<button type="submit">Accept the invitation<\/button>/);
    // Opened twice (a mail scanner, then the person), the invitation still works.
    expect((await acceptPage(token, 'en-US')).body).toContain('Accepting lets you see');
    const accepted = await app.inject({
      method: 'POST',
      url: '/auth/delegate/accept',
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
    // Used, its page no longer tells the grant, but still names the university.
    const used = await acceptPage(token, 'en-US');
    expect(used.body).not.toContain('Accepting lets you see Finances');
    expect(used.body).toContain('A student at Owl University invites you');
  });

  it('in Spanish, the email and the accept page name the university in Spanish', async () => {
    const { email, token } = await invite('abuela@example.com', 'es');
    expect(email.subject).toBe(
      'Ana Valencia le invita a ver parte de su expediente estudiantil en Universidad Búho',
    );
    expect(email.text).toContain(
      'Ana Valencia, estudiante de Universidad Búho, compartió Finanzas y retenciones con usted, solo para consulta, hasta el 31 de mayo de 2027.',
    );
    const page = await acceptPage(token, 'es-US,es;q=0.9');
    expect(page.body).toContain(
      '<h1>Ana Valencia le invita a ver parte de su expediente en Universidad Búho</h1>',
    );
    expect(page.body).toContain(
      'Si acepta, podrá ver Finanzas y retenciones de Ana Valencia, solo para consulta, hasta el 31 de mayo de 2027.',
    );
    expect(page.body).toMatch(/<button type="submit">Aceptar la invitación<\/button>/);
  });
});
