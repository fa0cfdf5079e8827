import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../helpers/app.js';

const html = { accept: 'text/html,application/xhtml+xml' };

describe('/admin', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(async () => app.close());

  it('sends a signed-out browser to sign in, coming back to /admin', async () => {
    const response = await app.inject({ url: '/admin', headers: html });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/auth/login?next=%2Fadmin');
  });

  it('answers 401 JSON to a signed-out non-browser caller', async () => {
    const response = await app.inject({ url: '/admin' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('detail');
  });

  it.each(['student', 'faculty', 'advisor', 'emeritus'] as const)(
    'refuses the %s persona with 403, as a page to a browser and JSON otherwise',
    async (persona) => {
      const { cookie } = await signIn(app, persona);
      const page = await app.inject({ url: '/admin', headers: { ...html, cookie } });
      expect(page.statusCode).toBe(403);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Staff only');
      const json = await app.inject({ url: '/admin', headers: { cookie } });
      expect(json.statusCode).toBe(403);
      expect(json.json()).toHaveProperty('detail');
    },
  );

  it('shows staff what the admin will hold and the recent sign-ins and sign-outs', async () => {
    const student = await signIn(app, 'student');
    await app.inject({
      url: '/auth/logout',
      headers: { cookie: student.cookie, 'sec-fetch-site': 'same-origin' },
    });
    const { cookie } = await signIn(app, 'staff');
    const page = await app.inject({ url: '/admin', headers: { ...html, cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Administration</h1>');
    for (const section of ['Content', 'Messages', 'Next Steps tasks']) {
      expect(page.body).toContain(`<strong>${section}</strong>`);
    }
    expect(page.body).toMatch(/<td>avalencia<\/td><td>auth\.signOut<\/td>/);
    expect(page.body).toMatch(/<td>mchen<\/td><td>auth\.signIn<\/td><td>method=demo persona=staff/);
  });
});
