import { describe, expect, it } from 'vitest';
import { renderDigest } from '../../../server/notify/digest-email.js';
import type { DigestContent } from '../../../server/notify/digest-email.js';
import { dueAgo } from '../../../server/notify/digest-sender.js';

const ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-11-26T20:00:00.000Z');
const item = (n: number) => ({
  title: `Task ${n}`,
  due: 'Mon, Nov 23, 2026, 3:59 PM PST',
  when: 'was due 3 days ago',
  url: `https://portal.example.edu/next-steps/task/${n}`,
});
const content = (over: Partial<DigestContent>): DigestContent => ({
  kind: 'weekly',
  productName: 'Campus Portal',
  firstName: 'Ana',
  items: [item(1), item(2)],
  listUrl: 'https://portal.example.edu/next-steps/',
  preferencesUrl: 'https://portal.example.edu/next-steps/preferences',
  unsubscribeUrl: 'https://portal.example.edu/api/notify/unsubscribe?token=t',
  ...over,
});

describe('the weekly and daily digests in the reader’s language (issue 59)', () => {
  it('in English, the subject and the lead count the tasks as before, one and many', () => {
    expect(renderDigest(content({})).subject).toBe('2 tasks overdue in Next Steps');
    const one = renderDigest(content({ items: [item(1)] }));
    expect(one.subject).toBe('1 task overdue in Next Steps');
    expect(one.text).toContain('This task is past its deadline and not marked done:');
    expect(renderDigest(content({ kind: 'daily' })).subject).toBe(
      'Due soon: 2 tasks in Next Steps',
    );
  });

  it('to a reader who chose Español: subject, lead, list link and footer in Spanish, plurals by count, lang="es"', () => {
    const weekly = renderDigest(content({ language: 'es' }));
    expect(weekly.subject).toBe('2 tareas vencidas en Próximos pasos');
    expect(weekly.text).toContain(
      'Estas 2 tareas pasaron su fecha límite y no están marcadas como hechas:',
    );
    expect(weekly.text).toContain(
      'Abra su lista de Próximos pasos: https://portal.example.edu/next-steps/',
    );
    expect(weekly.html).toContain('<html lang="es">');
    expect(weekly.html).not.toMatch(/overdue|Open your Next Steps|Stop deadline reminders/);
    expect(renderDigest(content({ language: 'es', items: [item(1)] })).subject).toBe(
      '1 tarea vencida en Próximos pasos',
    );
    expect(renderDigest(content({ language: 'es', kind: 'daily' })).subject).toBe(
      'Vencen pronto: 2 tareas en Próximos pasos',
    );
  });

  it('"was due" is counted in days on the campus calendar, in either language', () => {
    const threeDaysAgo = new Date('2026-11-23T23:59:00.000Z');
    expect(dueAgo(threeDaysAgo, NOW, ZONE)).toBe('was due 3 days ago');
    expect(dueAgo(threeDaysAgo, NOW, ZONE, 'es')).toBe('venció hace 3 días');
    expect(dueAgo(new Date('2026-11-25T20:00:00.000Z'), NOW, ZONE, 'es')).toBe('venció ayer');
    expect(dueAgo(NOW, NOW, ZONE)).toBe('was due today');
  });
});
