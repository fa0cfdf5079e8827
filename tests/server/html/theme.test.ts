import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preferencesSchema } from '../../../contract/preferences.schema.js';
import { THEME_COOKIE } from '../../../server/html/theme.js';
import { createTestApp, logOut, signIn } from '../helpers/app.js';

const themeAttribute = (html: string) => /<html[^>]*\sdata-theme="([^"]+)"/.exec(html)?.[1];

describe('the server-rendered pages follow the Dark choice (issue 43)', () => {
  let app: FastifyInstance;
  let cookie: string;
  let auth: { authorization: string };
  let pk: number;

  const choose = (theme: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: { ...auth, cookie },
      payload: { theme },
    });
  const themeCookieOf = (response: { cookies: { name: string; value: string }[] }) =>
    response.cookies.find((c) => c.name === THEME_COOKIE);

  beforeEach(async () => {
    app = await createTestApp();
    const session = await signIn(app, 'staff');
    cookie = session.cookie;
    auth = { authorization: `Token ${session.token}` };
    pk = preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: auth })).json(),
    ).pk;
  });
  afterEach(async () => app.close());

  it('saving Dark keeps it in a cookie the pages read, and System clears it', async () => {
    const dark = themeCookieOf(await choose('dark'));
    expect(dark).toMatchObject({ value: 'dark', httpOnly: true, path: '/', sameSite: 'Lax' });
    const system = await choose('system');
    // The browser sends the cookie it holds: only then is there one to clear.
    const cleared = await app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: { ...auth, cookie: `${cookie}; ${THEME_COOKIE}=dark` },
      payload: { theme: 'system' },
    });
    expect(themeCookieOf(system)).toBeUndefined();
    expect(themeCookieOf(cleared)?.value).toBe('');
  });

  it('saving another preference leaves the theme cookie alone', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: auth,
      payload: { daily_digest: true },
    });
    expect(response.statusCode).toBe(200);
    expect(themeCookieOf(response)).toBeUndefined();
  });

  it("the signed-in user's record hands out the saved choice, so an older browser learns it", async () => {
    await choose('light');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(themeCookieOf(user)?.value).toBe('light');
    const again = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${cookie}; ${THEME_COOKIE}=light` },
    });
    expect(themeCookieOf(again)).toBeUndefined();
  });

  it.each(['/admin', '/admin/posts', '/auth/logout'])(
    "%s is rendered in the chosen theme, and in the device's without a choice",
    async (url) => {
      const dark = await app.inject({
        url,
        headers: { cookie: `${cookie}; ${THEME_COOKIE}=dark` },
      });
      expect(dark.statusCode).toBe(200);
      expect(themeAttribute(dark.body)).toBe('dark');
      const plain = await app.inject({ url, headers: { cookie } });
      expect(themeAttribute(plain.body)).toBeUndefined();
    },
  );

  it('the sign-in page honours the choice before anyone signs in, and a refusal page too', async () => {
    const headers = { cookie: `${THEME_COOKIE}=dark`, accept: 'text/html' };
    expect(themeAttribute((await app.inject({ url: '/auth/login', headers })).body)).toBe('dark');
    const refused = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: 'csrf=not-the-token',
      headers: {
        cookie: `${cookie}; ${THEME_COOKIE}=dark`,
        accept: 'text/html',
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(themeAttribute(refused.body)).toBe('dark');
  });

  it('a value other than light or dark is ignored', async () => {
    const page = await app.inject({
      url: '/auth/login',
      headers: { cookie: `${THEME_COOKIE}="><script>` },
    });
    expect(themeAttribute(page.body)).toBeUndefined();
  });

  it("log out forgets the choice: a shared computer greets the next person in the device's theme", async () => {
    const out = await logOut(app, `${cookie}; ${THEME_COOKIE}=dark`);
    expect(themeCookieOf(out)?.value).toBe('');
  });

  it('both stylesheets hold both themes and let data-theme override the device', async () => {
    for (const url of ['/admin/admin.css', '/auth/sign-in.css']) {
      const css = (await app.inject({ url, headers: { cookie } })).body;
      expect(css).toContain('color-scheme: light dark');
      expect(css).toContain("html[data-theme='dark'] { color-scheme: dark; }");
      expect(css).toContain('light-dark(');
    }
  });
});
