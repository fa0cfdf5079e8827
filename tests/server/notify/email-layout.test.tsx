import { describe, expect, it } from 'vitest';
import { renderDigest } from '../../../server/notify/digest-email.js';
import { htmlOf } from '../../../server/notify/email-layout.js';
import { renderReminder } from '../../../server/notify/reminder-email.js';
import { ViewAsNotice } from '../../../server/notify/view-as-email.js';

const links = {
  preferencesUrl: 'https://portal.example/p',
  unsubscribeUrl: 'https://portal.example/u',
};

const reminder = renderReminder({
  productName: 'Campus Portal',
  firstName: 'Ana',
  taskTitle: 'Pay <tuition>',
  due: 'Thursday, November 26',
  when: 'in 3 days',
  taskUrl: 'https://portal.example/t/1',
  language: 'es',
  ...links,
});
const digest = renderDigest({
  kind: 'weekly',
  productName: 'Campus Portal',
  firstName: 'Ana',
  items: [
    { title: 'Pay tuition', due: 'Thu', when: 'due tomorrow', url: 'https://portal.example/t/1' },
  ],
  listUrl: 'https://portal.example/next-steps',
  language: 'es',
  ...links,
});
const notice = htmlOf(
  <ViewAsNotice
    language="es"
    words={{
      subject: 'Alguien de Ayuda vio su portal',
      hello: 'Hola Ana,',
      lead: 'Ayuda vio su portal <sólo lectura>.',
      reason: 'Motivo: ayuda',
      where: 'Cuenta',
    }}
  />,
);

const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the one layout (server/notify/email-layout.tsx) puts around every email's content. */
function expectTheLayout(html: string, subject: string) {
  expect(html.startsWith('<!doctype html>\n<html lang="es">')).toBe(true);
  expect(html).toContain('<meta charSet="utf-8"/>');
  expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  expect(html).toContain(`<title>${escaped(subject)}</title>`);
  expect(html).toMatch(
    /<main><table role="presentation" width="100%"[^>]*><tbody><tr><td style="[^"]*font-family:Arial/,
  );
  expect(html.match(/<h1[ >]/g)).toHaveLength(1);
}

describe('the emails’ one layout', () => {
  it.each([
    ['a deadline reminder', reminder.html, reminder.subject],
    ['a digest', digest.html, digest.subject],
    ['the view-as notice', notice, 'Alguien de Ayuda vio su portal'],
  ])(
    '%s is drawn in it: the reader’s lang, a title, a main landmark, one presentation table and one heading',
    (_name, html, subject) => expectTheLayout(html, subject),
  );

  it('a notification email closes with the footer, its unsubscribe and preferences links, in the reader’s language; the view-as notice, a security notice, has none', () => {
    for (const html of [reminder.html, digest.html]) {
      expect(html).toContain(`<hr/><p style="font-size:14px">`);
      expect(html).toContain(`<a href="${links.unsubscribeUrl}">`);
      expect(html).toContain(`<a href="${links.preferencesUrl}">Elija sus notificaciones</a>`);
    }
    expect(notice).not.toContain('<hr/>');
    expect(notice).not.toContain(links.unsubscribeUrl);
  });

  it('escapes every value it is given', () => {
    expect(reminder.html).toContain('Pay &lt;tuition&gt;');
    expect(notice).toContain('&lt;sólo lectura&gt;');
  });
});
