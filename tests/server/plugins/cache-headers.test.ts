import { afterAll, describe, expect, it } from 'vitest';
import {
  appWithEndpoints,
  credentialsOf,
  fillParams,
  isPublic,
  needsSignIn,
} from '../security/routes.js';

// Built once at load: one row per endpoint the server declares.
const { app, endpoints } = await appWithEndpoints();
afterAll(async () => app.close());
const student = await credentialsOf(app, 'student');
const staff = await credentialsOf(app, 'staff');

const callable = endpoints.filter((e) => e.url !== '/auth/logout' && !e.url.includes('*'));
const privateReads = callable.filter((e) => e.method === 'GET' && needsSignIn(e.url));

const call = (method: string, url: string, headers: Record<string, string>) =>
  app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('Cache-Control: no-store on every private answer and every error', () => {
  it('walks a route list that holds the private reads the probe found uncached', () => {
    const urls = privateReads.map((e) => e.url);
    expect(urls).toContain('/api/integrations/finti/holds');
    expect(urls).toContain('/api/notifications/user');
    expect(privateReads.length).toBeGreaterThan(30);
  });

  it.each(privateReads.map((e) => [e.url, e] as const))(
    'GET %s answers a signed-in student and staff member with no-store, whatever the status',
    async (_url, endpoint) => {
      for (const headers of [student, staff]) {
        const response = await call('GET', fillParams(endpoint.url, '1'), headers);
        expect(response.headers['cache-control'], `${response.statusCode}`).toBe('no-store');
      }
    },
  );

  it.each(callable.map((e) => [`${e.method} ${e.url}`, e] as const))(
    '%s answers an error with no-store (no credentials, a made-up token, a bad id)',
    async (_name, endpoint) => {
      const tries: { url: string; headers: Record<string, string> }[] = [
        { url: fillParams(endpoint.url, '1'), headers: {} },
        {
          url: fillParams(endpoint.url, 'x'),
          headers: { authorization: 'Token 0123456789abcdefghijklmnopqrstuv' },
        },
        { url: fillParams(endpoint.url, '%zz'), headers: student },
      ];
      for (const { url, headers } of tries) {
        const response = await call(endpoint.method, url, headers);
        if (response.statusCode < 400) continue;
        expect(response.headers['cache-control'], `${url} ${response.statusCode}`).toBe('no-store');
      }
    },
  );

  it('an unknown API path and a malformed URL answer their error with no-store', async () => {
    for (const url of ['/api/no-such-thing', '/next-steps/api/nothing', '/api/%E0%A4%A']) {
      const response = await app.inject({ url, headers: student });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('a public answer that says how it may be kept keeps its own header', async () => {
    expect(isPublic('/api/campus')).toBe(true);
    const campus = await app.inject({ url: '/api/campus' });
    expect(campus.statusCode).toBe(200);
    expect(campus.headers['cache-control']).toBe('no-cache');
  });
});
