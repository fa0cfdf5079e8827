import { describe, expect, it } from 'vitest';
import {
  checkFeedAddress,
  maskAddress,
  sourceOf,
} from '../../../server/coursework/feed-address.js';
import type { Resolver } from '../../../server/coursework/feed-address.js';
import { splitTitle } from '../../../server/coursework/items.js';

const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const HOSTS = ['canvas.campus.example.edu', 'moodle.campus.example.edu:8443', '127.0.0.1:9443'];
const CANVAS = 'https://canvas.campus.example.edu/feeds/calendars/user_AbC123xyz987.ics';

describe('which calendar addresses the server reads (lms.calendarHosts)', () => {
  it('an https address on a listed host, resolving to public addresses, is read at the one address checked', async () => {
    const check = await checkFeedAddress(CANVAS, HOSTS, resolvesTo('93.184.216.34', '8.8.8.8'));
    expect(check).toMatchObject({
      ok: true,
      hostname: 'canvas.campus.example.edu',
      address: '93.184.216.34',
    });
  });

  it.each([
    ['http, not https', CANVAS.replace('https:', 'http:'), /https:\/\//],
    [
      'a host not listed',
      'https://canvas.other.example.org/feeds/calendars/user_x.ics',
      /not a course site/,
    ],
    [
      'a listed host on another port',
      'https://canvas.campus.example.edu:8443/x.ics',
      /not a course site/,
    ],
    [
      'a host:port entry on port 443',
      'https://moodle.campus.example.edu/calendar/export_execute.php',
      /not a course site/,
    ],
    [
      'credentials in the address',
      'https://me:pw@canvas.campus.example.edu/x.ics',
      /user name or password/,
    ],
    ['loopback not named', 'https://127.0.0.1/x.ics', /not a course site/],
    ['not an address', 'canvas calendar', /not a web address/],
  ])('refuses %s', async (_name, address, reason) => {
    const check = await checkFeedAddress(address, HOSTS, resolvesTo('93.184.216.34'));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toMatch(reason);
  });

  it('a listed name that resolves to a loopback or private address is refused (only a named address literal reaches one)', async () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '169.254.169.254', '::1']) {
      const check = await checkFeedAddress(CANVAS, HOSTS, resolvesTo('93.184.216.34', address));
      expect(check).toMatchObject({ ok: false, transient: false });
    }
    const named = await checkFeedAddress(
      'https://127.0.0.1:9443/feeds/calendars/user_x.ics',
      HOSTS,
      resolvesTo('127.0.0.1'),
    );
    expect(named).toMatchObject({ ok: true, address: '127.0.0.1' });
  });

  it('a name that does not resolve is worth another try later', async () => {
    const check = await checkFeedAddress(CANVAS, HOSTS, async () => {
      throw new Error('ENOTFOUND');
    });
    expect(check).toMatchObject({ ok: false, transient: true });
  });
});

describe('what is shown of an address', () => {
  it('masks it to its origin and four last characters', () => {
    expect(maskAddress(new URL(CANVAS))).toBe('https://canvas.campus.example.edu/…z987');
  });

  it('knows Canvas and Moodle by the shape of their feed addresses', () => {
    expect(sourceOf(new URL(CANVAS))).toBe('canvas');
    expect(
      sourceOf(
        new URL(
          'https://moodle.campus.example.edu/calendar/export_execute.php?userid=1&authtoken=x',
        ),
      ),
    ).toBe('moodle');
    expect(
      sourceOf(new URL('https://d2l.campus.example.edu/d2l/le/calendar/feed/user/feed.ics')),
    ).toBe('other');
  });
});

describe('a coursework title', () => {
  it.each([
    ['Essay 2 [ENGL 101]', 'Essay 2', 'ENGL 101'],
    ['Quiz 4 [MTH 251-002 Fall 2026]', 'Quiz 4', 'MTH 251-002 Fall 2026'],
    ['Read [chapter 3] before class', 'Read [chapter 3] before class', null],
    ['Lab report 3 is due', 'Lab report 3 is due', null],
  ])('Canvas’s bracketed course suffix is taken off: %s', (summary, title, course) => {
    expect(splitTitle(summary)).toEqual({ title, course });
  });
});
