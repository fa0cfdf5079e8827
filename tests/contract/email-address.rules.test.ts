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

  it('a masked address keeps its domain and length, not its local part or line breaks', () => {
    expect(maskedEmail('ana.valencia@campus.example.edu')).toBe(
      '[31 characters]@campus.example.edu',
    );
    expect(maskedEmail('ana@x.edu\r\nBcc: eve@evil.example')).not.toMatch(/ana|\r|\n/);
  });
});
