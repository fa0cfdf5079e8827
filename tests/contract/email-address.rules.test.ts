import { describe, expect, it } from 'vitest';
import { isEmailAddress, maskedEmail } from '../../contract/email-address.rules.js';

describe('an email address is one RFC 5322 addr-spec (contract/email-address.rules.ts)', () => {
  it.each([
    'ana@campus.example.edu',
    'ana.valencia+reminders@campus.example.edu',
    "o'brien@mail.example.com",
    'x@a-b.example',
  ])('takes %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['a comma list', 'ana@campus.example.edu, eve@evil.example'],
    ['a semicolon list', 'ana@campus.example.edu;eve@evil.example'],
    ['CRLF', 'ana@campus.example.edu\r\nBcc: eve@evil.example'],
    ['a bare LF', 'ana@campus.example.edu\n'],
    ['a display name', 'Ana <ana@campus.example.edu>'],
    ['two <…> parts', '<ana@campus.example.edu> <eve@evil.example>'],
    ['a group', 'team: ana@campus.example.edu;'],
    ['a comment', 'ana@campus.example.edu (Ana)'],
    ['a quoted local part', '"ana,eve"@campus.example.edu'],
    ['two @', 'ana@eve@campus.example.edu'],
    ['no domain dot', 'ana@localhost'],
    ['an address literal', 'ana@[127.0.0.1]'],
    ['a leading dot', '.ana@campus.example.edu'],
    ['double dots', 'ana..v@campus.example.edu'],
    ['a space', 'ana valencia@campus.example.edu'],
    ['nothing', ''],
    ['a local part over 64', `${'a'.repeat(65)}@campus.example.edu`],
    ['over 254 in all', `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(4)}edu`],
  ])('refuses %s', (_what, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it("RFC 5321's lengths are limits, not one less: 64 before the @, 63 a label, 254 in all", () => {
    const label = (n: number) => 'b'.repeat(n);
    expect(isEmailAddress(`${'a'.repeat(64)}@x.edu`)).toBe(true);
    expect(isEmailAddress(`a@${label(63)}.edu`)).toBe(true);
    expect(isEmailAddress(`a@${label(64)}.edu`)).toBe(false);
    // 'a@' + 3 labels of 63 and their dots + a last label of 60 = 254 characters.
    const full = `a@${`${label(63)}.`.repeat(3)}${label(60)}`;
    expect(full).toHaveLength(254);
    expect(isEmailAddress(full)).toBe(true);
    expect(isEmailAddress(`${full}b`)).toBe(false);
  });

  it.each([
    ['nothing before the @', '@campus.example.edu'],
    ['a label ending in a hyphen', 'ana@campus-.example.edu'],
    ['a label starting with a hyphen', 'ana@-campus.example.edu'],
    ['an empty label', 'ana@campus..edu'],
  ])('refuses %s', (_what, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('a masked address shows only a domain it can read whole, after the last @', () => {
    expect(maskedEmail('no-at-sign')).toBe('[10 characters]@(unreadable)');
    expect(maskedEmail('ana@')).toBe('[4 characters]@(unreadable)');
    expect(maskedEmail('ana@eve@evil.example')).toBe('[20 characters]@evil.example');
    expect(maskedEmail('ana@<x.edu')).toBe('[10 characters]@(unreadable)');
    expect(maskedEmail('ana@x.edu>')).toBe('[10 characters]@(unreadable)');
  });

  it('a masked address keeps its domain and length, not its local part or line breaks', () => {
    expect(maskedEmail('ana.valencia@campus.example.edu')).toBe(
      '[31 characters]@campus.example.edu',
    );
    expect(maskedEmail('ana@x.edu\r\nBcc: eve@evil.example')).not.toMatch(/ana|\r|\n/);
  });
});
