import { describe, expect, it } from 'vitest';
import {
  LINK_MAX_LENGTH,
  LINK_RULE,
  linkInputSchema,
  linkSchema,
  normaliseLink,
} from '../../contract/link.rules.js';

/** Forms of a link that lead elsewhere than they seem, or run script: every one is refused. */
const HOSTILE: [string, string][] = [
  ['a backslash after the slash', '/\\evil.example/msg'],
  ['two backslashes', '\\\\evil.example'],
  ['a tab between the slashes', '/\t/evil.example'],
  ['a newline between the slashes', '/\n/evil.example'],
  ['a protocol-relative address', '//evil.example'],
  ['three slashes', '///evil.example'],
  ['a backslash in an absolute address', 'https:\\\\evil.example'],
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: with a tab in the scheme', 'java\tscript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['a leading space', ' http://ok.example'],
  ['a trailing space', 'http://ok.example '],
  ['a leading control character', '\u0001/account'],
  ['a NUL', '/account\u0000'],
  ['a no-break space', '/\u00a0/evil.example'],
  ['credentials in the address', 'https://portal.example@evil.example/'],
  ['a relative path', 'account'],
  ['an empty link', ''],
  ['a bare fragment', '#'],
  ['ftp:', 'ftp://files.example/'],
  ['mailto:', 'mailto:someone@example.edu'],
  ['too long', `/${'a'.repeat(2000)}`],
];

describe('the link rule: same-origin paths or absolute http(s) addresses, normalised', () => {
  it.each(HOSTILE)('refuses %s', (_name, link) => {
    expect(normaliseLink(link)).toBeNull();
    expect(linkSchema.safeParse(link).success).toBe(false);
    expect(linkInputSchema().safeParse(link).success).toBe(false);
  });

  it.each([
    ['/account#holds', '/account#holds'],
    ['/next-steps/', '/next-steps/'],
    ['/a/../b?x=1', '/b?x=1'],
    ['/caf\u00e9', '/caf%C3%A9'],
    ['#modal:flu-clinic-hours', '#modal:flu-clinic-hours'],
    ['https://www.campus.example.edu/page', 'https://www.campus.example.edu/page'],
    ['HTTPS://Campus.Example.EDU', 'https://campus.example.edu/'],
    ['http://ok.example/x', 'http://ok.example/x'],
  ])('accepts %s as %s', (link, normalised) => {
    expect(normaliseLink(link)).toBe(normalised);
    expect(linkInputSchema().parse(link)).toBe(normalised);
  });

  it('a normalised link is its own normal form', () => {
    for (const link of ['/a/../b?x=1', 'HTTPS://Campus.Example.EDU', '/caf\u00e9']) {
      const once = normaliseLink(link);
      expect(once).not.toBeNull();
      expect(normaliseLink(once ?? '')).toBe(once);
      expect(linkSchema.safeParse(once).success).toBe(true);
    }
  });

  it.each([
    ['a control character inside a path', '/acc\u0001ount'],
    ['the last C0 control character', '/a\u001fb'],
    ['DEL', '/a\u007fb'],
    ['the last C1 control character', '/a\u009fb'],
    ['a password without a username', 'https://:secret@evil.example/'],
  ])('refuses %s, which the URL parser would otherwise encode or keep', (_name, link) => {
    expect(normaliseLink(link)).toBeNull();
  });

  it('a link of exactly 2000 characters is kept, one longer is refused', () => {
    const longest = `/${'a'.repeat(LINK_MAX_LENGTH - 1)}`;
    expect(normaliseLink(longest)).toBe(longest);
    expect(normaliseLink(`${longest}a`)).toBeNull();
  });

  it('a refused link says the rule, or the message the form asked for', () => {
    expect(linkSchema.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(LINK_RULE);
    expect(linkInputSchema().safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      LINK_RULE,
    );
    expect(linkInputSchema('Enter a link').safeParse('account').error?.issues[0]).toMatchObject({
      code: 'custom',
      message: 'Enter a link',
    });
    expect(
      linkInputSchema('Enter a link').safeParse(`/${'a'.repeat(LINK_MAX_LENGTH)}`).error?.issues[0]
        ?.message,
    ).toBe('Enter a link');
  });
});
