import { describe, expect, it } from 'vitest';
import { fetchDelegating } from '../../src/api/delegate-capacity.js';
import { HttpStatusError } from '../../src/api/errors.js';

const ME = {
  name: 'Luis Valencia',
  email: 'luis@example.org',
  shares: [
    {
      delegation: 4,
      student_name: 'Ana Valencia',
      categories: ['finances'],
      ends_at: '2027-05-31T06:59:59.000Z',
    },
  ],
  viewing: 4,
};

/** A fetch answering `status` with `body`, recording what was asked. */
function answering(status: number, body: unknown) {
  const asked: Request[] = [];
  const fetcher: typeof fetch = async (input, init) => {
    asked.push(new Request(input, init));
    return Response.json(body, { status });
  };
  return { fetcher, asked };
}

describe('GET /auth/delegate/me, the delegate capacity (issue 88)', () => {
  it('says whose delegate the browser reads as, asked by the session cookie and with no token', async () => {
    const { fetcher, asked } = answering(200, ME);
    expect(await fetchDelegating('http://portal.test', fetcher)).toEqual(ME.shares[0]);
    expect(asked[0]?.url).toBe('http://portal.test/auth/delegate/me');
    expect(asked[0]?.credentials).toBe('same-origin');
    expect(asked[0]?.headers.get('authorization')).toBeNull();
  });

  it('is no delegate when none is signed in (401)', async () => {
    const { fetcher } = answering(401, { detail: 'Authentication credentials were not provided.' });
    expect(await fetchDelegating('http://portal.test', fetcher)).toBeNull();
  });

  it('fails on any other refusal, and on an answer its schema does not take', async () => {
    await expect(
      fetchDelegating('http://portal.test', answering(500, {}).fetcher),
    ).rejects.toBeInstanceOf(HttpStatusError);
    await expect(
      fetchDelegating('http://portal.test', answering(200, { ...ME, viewing: 'four' }).fetcher),
    ).rejects.toThrow();
  });
});
