import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGE, notificationTarget, pushMessageOf } from '../../worker/push-message.js';

const data = (value: unknown) => ({ json: () => value });

describe('what a push shows', () => {
  it('shows the message the server pushed, parsed with its schema', () => {
    const message = {
      title: 'Shelter in place',
      body: 'Stay indoors.',
      url: '/alerts',
      tag: 'rave-1',
    };
    expect(pushMessageOf(data(message))).toEqual(message);
  });

  it('shows the fallback for a push without a readable message', () => {
    expect(pushMessageOf(null)).toEqual(FALLBACK_MESSAGE);
    expect(pushMessageOf(data({ title: 'No url' }))).toEqual(FALLBACK_MESSAGE);
    const broken = {
      json: () => {
        throw new SyntaxError('not JSON');
      },
    };
    expect(pushMessageOf(broken)).toEqual(FALLBACK_MESSAGE);
  });

  it('a click goes to a page of this site only, whatever the push named', () => {
    const origin = 'https://portal.example.edu';
    expect(notificationTarget({ url: '/academics' }, origin)).toBe(`${origin}/academics`);
    expect(notificationTarget({ url: '//evil.example' }, origin)).toBe(`${origin}/`);
    expect(notificationTarget({ url: 'https://evil.example/' }, origin)).toBe(`${origin}/`);
    expect(notificationTarget(null, origin)).toBe(`${origin}/`);
    const protocolRelative = { title: 't', body: '', url: '//evil.example', tag: 'x' };
    expect(pushMessageOf(data(protocolRelative)).url).toBe('/');
  });
});
