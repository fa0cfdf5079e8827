import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../../../contract/language.rules.js';
import { preferencesSchema } from '../../../contract/preferences.schema.js';
import { siteSchema } from '../../../contract/campus.schema.js';
import { createTestApp, logOut, signIn } from '../helpers/app.js';

const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
type Answer = { cookies: { name: string; value: string; maxAge?: number }[] };
const languageCookieOf = (response: Answer) =>
  response.cookies.find((c) => c.name === LANGUAGE_COOKIE);
const ENGLISH_BROWSER = { 'accept-language': 'en-US,en;q=0.9' };

describe('the language cookie: the reader’s choice on the pages met before they are known (issue 87)', () => {
  let app: FastifyInstance;
  let cookie: string;
  let auth: { authorization: string };
  let pk: number;

  const choose = (language: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: { ...auth, cookie },
      payload: { language },
    });

  beforeEach(async () => {
    app = await createTestApp();
    const session = await signIn(app, 'student');
    cookie = session.cookie;
    auth = { authorization: `Token ${session.token}` };
    pk = preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: auth })).json(),
    ).pk;
  });
  afterEach(async () => app.close());

  it('choosing Español keeps it in a Lax cookie the app can read (no secret in it); another preference leaves it alone', async () => {
    const chosen = languageCookieOf(await choose('es'));
    expect(chosen).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax' });
    expect(chosen).not.toHaveProperty('httpOnly', true);
    expect(chosen?.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    const other = await app.inject({
      method: 'PUT',
      url: `/api/preferences/${pk}`,
      headers: auth,
      payload: { daily_digest: true },
    });
    expect(other.statusCode).toBe(200);
    expect(languageCookieOf(other)).toBeUndefined();
  });

  it("the signed-in user's record hands out the saved choice, once; a person who never chose has it cleared", async () => {
    const never = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${cookie}; ${LANGUAGE_COOKIE}=es` },
    });
    expect(languageCookieOf(never)?.value).toBe('');
    await choose('es');
    const user = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(languageCookieOf(user)?.value).toBe('es');
    const again = await app.inject({
      url: '/api/users/user',
      headers: { cookie: `${cookie}; ${LANGUAGE_COOKIE}=es` },
    });
    expect(languageCookieOf(again)).toBeUndefined();
  });

  it('Next Steps’ user record hands it out too', async () => {
    await choose('es');
    const record = await app.inject({ url: '/next-steps/api/user/', headers: { cookie } });
    expect(record.statusCode).toBe(200);
    expect(languageCookieOf(record)?.value).toBe('es');
  });

  it('the sign-in page and a server problem page read the cookie before an English browser', async () => {
    const headers = { ...ENGLISH_BROWSER, accept: 'text/html', cookie: `${LANGUAGE_COOKIE}=es` };
    const signInPage = await app.inject({ url: '/auth/login', headers });
    expect(htmlLang(signInPage.body)).toBe('es');
    const broken = await app.inject({ url: '/api/notify/unsubscribe?token=broken', headers });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(htmlLang(broken.body)).toBe('es');
    expect(broken.body).toContain('Este enlace no funciona');
    const english = await app.inject({ url: '/auth/login', headers: { ...headers, cookie: '' } });
    expect(htmlLang(english.body)).toBe('en');
  });

  it('a bad cookie value is ignored: the browser’s language decides', async () => {
    for (const value of ['fr', 'es-MX', '%22%3E%3Cscript%3E', 'es'.repeat(20)]) {
      const page = await app.inject({
        url: '/auth/login',
        headers: { ...ENGLISH_BROWSER, cookie: `${LANGUAGE_COOKIE}=${value}` },
      });
      expect(htmlLang(page.body)).toBe('en');
    }
  });

  it('the campus routes choose as the pages do: the asked language, else the cookie, else the browser’s; keyed on both', async () => {
    const ask = (url: string, extra: Record<string, string> = {}) =>
      app.inject({ url, headers: { ...ENGLISH_BROWSER, ...extra } });
    const spanishCookie = { cookie: `${LANGUAGE_COOKIE}=es` };
    for (const url of ['/api/campus', '/api/campus/buildings']) {
      const byCookie = await ask(url, spanishCookie);
      expect(byCookie.headers.vary).toBe('Accept-Language, Cookie');
      const asked = await ask(`${url}?language=en`, spanishCookie);
      const plain = await ask(url);
      // The Spanish answer differs from the English one, and the query wins over the cookie.
      expect(byCookie.body).not.toBe(plain.body);
      expect(asked.body).toBe(plain.body);
    }
    const site = siteSchema.parse((await ask('/api/campus', spanishCookie)).json());
    const spanish = siteSchema.parse((await ask('/api/campus?language=es')).json());
    expect(site.campus).toEqual(spanish.campus);
  });

  it("log out forgets the choice: a shared computer greets the next person in their browser's language", async () => {
    const out = await logOut(app, `${cookie}; ${LANGUAGE_COOKIE}=es`);
    expect(languageCookieOf(out)?.value).toBe('');
  });
});
