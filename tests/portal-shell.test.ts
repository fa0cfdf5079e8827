import { describe, expect, it } from 'vitest';
import { firstReadsFor } from '../src/api/first-reads.js';
import { servicesFor } from '../src/portal-shell.js';
import { fakeHttp } from './api/fake-fetch.js';

describe('the portal’s real calls', () => {
  it('send the roles refresh and the profile read only once the first page’s load is under way', async () => {
    // Any answer: only whether a request left matters here.
    const { http, seen } = fakeHttp([]);
    let firstLoadDone = () => {};
    const firstLoad = new Promise<void>((resolve) => (firstLoadDone = resolve));
    const services = servicesFor(http, () => firstLoad, firstReadsFor(http));
    const roles = services.refreshRoles().catch(() => null);
    const profile = services.loadProfile().catch(() => null);
    await services.checkStatus().catch(() => null);
    // The status check went out at once; the other two wait.
    expect(seen.map((request) => new URL(request.url).pathname)).toEqual(['/api/status']);
    firstLoadDone();
    await Promise.all([roles, profile]);
    expect(seen.map((request) => new URL(request.url).pathname).sort()).toEqual([
      '/api/psu_user_profile',
      '/api/status',
      '/api/users/roles',
    ]);
  });
});
