import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { redactUrl } from '../../server/log-redaction.js';

describe('request log lines', () => {
  it('never carry a personal calendar token or a sign-in code, and keep the rest of the address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'info' });
    const database = await openDatabase({ sqliteFile: ':memory:' });
    const app = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const token = 'Zq9secretCalendarToken0123456789abcdef';
      await app.inject({ method: 'GET', url: `/calendar/${token}.ics` });
      await app.inject({ method: 'GET', url: '/auth/callback?code=one-time-code-42&state=st4te' });
      const text = lines.join('');
      expect(text).not.toContain(token);
      expect(text).not.toContain('one-time-code-42');
      expect(text).not.toContain('st4te');
      const urls = lines.flatMap((l) => {
        const entry = JSON.parse(l) as { req?: { url?: string } };
        return entry.req?.url ? [entry.req.url] : [];
      });
      expect(urls).toEqual([
        '/calendar/[redacted]',
        '/auth/callback?code=[redacted]&state=[redacted]',
      ]);
    } finally {
      await app.close();
    }
  });

  it('keeps harmless query parameters as they were sent', () => {
    expect(redactUrl('/api/academics/attendance?term=202601&refresh')).toBe(
      '/api/academics/attendance?term=202601&refresh',
    );
    expect(redactUrl('/calendar/')).toBe('/calendar/');
    expect(redactUrl('/x?Token=abc&a=1')).toBe('/x?Token=[redacted]&a=1');
  });

  it('drops the user part of an address in absolute form', () => {
    expect(redactUrl('http://user:pw@portal.example.edu/api/status?x=1')).toBe(
      'http://portal.example.edu/api/status?x=1',
    );
  });
});
