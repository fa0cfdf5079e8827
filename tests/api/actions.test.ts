import { describe, expect, it } from 'vitest';
import { clearCache } from '../../src/api/cache.js';
import { clearIntegrationCache } from '../../src/api/clear-cache.js';
import { dismissNudge } from '../../src/api/nudges.js';
import { fetchProfile } from '../../src/api/profile.js';
import { refreshRoles } from '../../src/api/roles.js';
import { fakeHttp } from './fake-fetch.js';

describe('profile, roles, nudge and cache clients', () => {
  it('gives the first item of psu_user_profile, or null for an empty list', async () => {
    const item = { pk: 1, nine_number: '900000001', sms_number: null, role_acknowledged_on: null };
    expect(await fetchProfile(fakeHttp([item]).http)).toEqual(item);
    expect(await fetchProfile(fakeHttp([]).http)).toBeNull();
  });

  it('POSTs users/roles and parses the roles', async () => {
    const { http, seen } = fakeHttp({ primary_role: 'faculty', other_roles: ['staff'] });
    expect(await refreshRoles(http)).toEqual({ primary_role: 'faculty', other_roles: ['staff'] });
    expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://portal.test/api/users/roles' });
  });

  it('POSTs the nudge type to dismiss it', async () => {
    const { http, seen } = fakeHttp({ nudge_type: 'DEPOSIT' });
    expect(await dismissNudge(http, 'DEPOSIT_INIT')).toEqual({ nudge_type: 'DEPOSIT' });
    expect(seen[0]?.body).toEqual({ nudge_type: 'DEPOSIT_INIT' });
  });

  it('clears one read, or all of the user’s cached answers', async () => {
    const one = fakeHttp({ endpoint: 'ContactInfo', cleared: 1 });
    expect(await clearIntegrationCache(one.http, 'ContactInfo')).toMatchObject({ cleared: 1 });
    expect(one.seen[0]?.body).toEqual({ endpoint: 'ContactInfo' });
    const all = fakeHttp({ cleared: 12 });
    expect(await clearCache(all.http)).toEqual({ cleared: 12 });
    expect(all.seen[0]?.url).toBe('http://portal.test/api/cache/clear');
  });
});
