import { describe, expect, it } from 'vitest';
import { inboundItemSchema } from '../../../contract/inbound.schema.js';
import { refuseInternalLink } from '../../../server/inbound/action-link.js';
import { InboundRefusal } from '../../../server/inbound/audience.js';

/** The link as the contract hands it on: checked and normalised. */
const normalised = (link: string) =>
  inboundItemSchema.parse({
    kind: 'message',
    source_id: 's',
    audience: { users: ['a'] },
    title: 't',
    action_link: link,
  }).action_link;

describe('an inbound action link must lead to the internet or the portal', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:192.168.1.1]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://localhost/',
    'https://LOCALHOST.:3000/admin',
    'http://api.localhost/',
    'http://printer.local/',
    'http://router.home.arpa/',
    'http://intranet/',
  ])('%s is refused with 400 naming the link', (link) => {
    const value = normalised(link);
    expect(() => refuseInternalLink(value)).toThrow(InboundRefusal);
    try {
      refuseInternalLink(value);
    } catch (error) {
      expect((error as InboundRefusal).statusCode).toBe(400);
      expect((error as InboundRefusal).message).toMatch(/^action_link .* leads to a /);
    }
  });

  it.each([
    'https://finaid.example.edu/verify',
    'http://93.184.215.14/',
    'https://[2606:4700::1111]/',
    '/account#holds',
    '#modal:refunds',
    null,
    undefined,
  ])('%s is allowed', (link) => {
    expect(() =>
      refuseInternalLink(link === null || link === undefined ? link : normalised(link)),
    ).not.toThrow();
  });
});
