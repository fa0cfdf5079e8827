import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, logOut, signIn } from '../../helpers/app.js';
import { adminAs, plainCells } from './admin-client.js';

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
    expect(response.headers.location).toBe('/auth/sign-in?next=%2Fadmin');
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

  it('issue 76: the English-only "Staff only" page says it is English (lang="en") to a Spanish browser', async () => {
    const { cookie } = await signIn(app, 'student');
    const page = await app.inject({
      url: '/admin',
      headers: { ...html, cookie, 'accept-language': 'es-US,es;q=0.9' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('<html lang="en"');
    expect(page.headers['content-language']).toBe('en');
  });

  it('issue 76: the English-only "Superusers only" page says it is English (lang="en") to a Spanish browser', async () => {
    const { cookie } = await signIn(app, 'staff');
    const page = await app.inject({
      url: '/admin/grants',
      headers: { ...html, cookie, 'accept-language': 'es-US,es;q=0.9' },
    });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('<h1>Superusers only</h1>');
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).not.toContain('lang="es"');
    expect(page.headers['content-language']).toBe('en');
  });

  it('shows staff the activity: recent sign-ins and sign-outs, newest first', async () => {
    const student = await signIn(app, 'student');
    await logOut(app, student.cookie);
    const { cookie } = await signIn(app, 'staff');
    const page = await app.inject({ url: '/admin', headers: { ...html, cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Activity</h1>');
    expect(plainCells(page.body)).toMatch(/<td>avalencia<\/td><td>auth\.signOut<\/td>/);
    expect(plainCells(page.body)).toMatch(
      /<td>mchen<\/td><td>auth\.signIn<\/td><td><\/td><td><ul class="changes"><li>method: demo<\/li><li>persona: staff/,
    );
  });

  it('filters the activity by person, kind and day', async () => {
    await signIn(app, 'student');
    const staff = await adminAs(app, 'staff');
    await staff.json('POST', '/admin/choices/notification-type', { name: 'Pager' });
    const byPerson = await staff.get('/admin?person=avalencia');
    expect(byPerson.body).toContain('auth.signIn');
    expect(plainCells(byPerson.body)).not.toContain('<td>mchen</td>');
    const byKind = await staff.get('/admin?kind=notification-type');
    expect(byKind.body).toContain('admin.notification-type.create');
    expect(byKind.body).not.toContain('auth.signIn');
    expect(byKind.body).toContain('<strong>name</strong>: — → &quot;Pager&quot;');
    expect((await staff.get('/admin?until=2000-01-01')).body).toContain('Nothing recorded matches');
    expect((await staff.get('/admin?from=2000-01-01&until=2999-01-01')).body).toContain(
      'auth.signIn',
    );
  });

  it('is a page with no script, so the portal never ships the admin', async () => {
    const staff = await adminAs(app, 'staff');
    for (const url of ['/admin', '/admin/tasks', '/admin/tasks/new', '/admin/choices']) {
      const page = await staff.get(url);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    }
    const css = await app.inject({ url: '/admin/admin.css' });
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });
});
