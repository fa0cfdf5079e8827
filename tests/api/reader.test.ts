import { describe, expect, it, vi } from 'vitest';
import { createHttp } from '../../src/api/client.js';
import { fetchReader } from '../../src/api/user.js';
import { student } from '../machines/fixtures.js';

const SHARE = {
  delegation: 4,
  student_name: 'Ana Valencia',
  categories: ['finances' as const],
  ends_at: '2027-05-31T06:59:59.000Z',
};

/** The portal's client whose user call answers `status` with `body`. */
const userAnswering = (status: number, body: unknown) =>
  createHttp({
    baseUrl: 'http://portal.test/api',
    fetch: async () => Response.json(body, { status }),
  });

describe('Who reads the portal: a campus session, else a delegate (issue 88)', () => {
  it('without a campus session (401), a delegate reading a share opens the portal as that delegate', async () => {
    const http = userAnswering(401, { detail: 'Authentication credentials were not provided.' });
    expect(await fetchReader(http, async () => SHARE)).toEqual({ kind: 'delegate', share: SHARE });
  });

  it('without a campus session or a chosen share, the reader is signed out', async () => {
    const http = userAnswering(401, { detail: 'Authentication credentials were not provided.' });
    expect(await fetchReader(http, async () => null)).toEqual({ kind: 'signed-out' });
  });

  it('a signed-in user is never asked about a delegate session', async () => {
    const delegating = vi.fn(async () => SHARE);
    const http = userAnswering(200, student);
    expect(await fetchReader(http, delegating)).toEqual({ kind: 'user', user: student });
    expect(delegating).not.toHaveBeenCalled();
  });

  it('a failed delegate call leaves the reader signed out, so sign-in stays reachable', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const http = userAnswering(401, { detail: 'Authentication credentials were not provided.' });
    const failing = () => Promise.reject(new Error('502'));
    expect(await fetchReader(http, failing)).toEqual({ kind: 'signed-out' });
    vi.restoreAllMocks();
  });
});
