import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { userTaskListSchema } from '../../contract/next-steps/task.schema.js';
import { userSchema } from '../../contract/user.schema.js';
import { DEPLOY_PORT } from '../../playwright.deploy.config.js';
import { untilTakenOver } from '../drawn-page.js';
import { ask, cookiesOf } from './client.js';
import { findNginx, startNginx } from './nginx.js';
import type { NginxPorts, RunningNginx } from './nginx.js';
import { startInstance, testEnvironment } from './portal.js';
import type { UnitProcess } from './portal.js';

const ports: NginxPorts = {
  https: DEPLOY_PORT,
  http: DEPLOY_PORT + 1,
  upstreams: [DEPLOY_PORT + 2, DEPLOY_PORT + 3],
};
const origin = `https://127.0.0.1:${ports.https}`;
const SIGN_IN_PER_MINUTE = 5;

const nginxBinary = findNginx();
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const ci = process.env.CI === 'true';
const missing = [
  ...(nginxBinary ? [] : ['nginx (apt-get install nginx)']),
  ...(databaseUrl ? [] : ['DATABASE_URL']),
  ...(redisUrl ? [] : ['REDIS_URL']),
];
if (ci && missing.length > 0) {
  throw new Error(`CI=true: the reference deployment test needs ${missing.join(', ')}.`);
}
const skipped = `The reference deployment test is skipped: it needs ${missing.join(', ')}.`;
if (missing.length > 0) console.warn(skipped);
test.skip(missing.length > 0, skipped);

let nginx: RunningNginx | undefined;
let instances: UnitProcess[] = [];
let database = '';
let dir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-deploy-'));
  // A database of its own, as the two-process suite does: both instances migrate it at their start.
  database = `portal_deploy_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${database}`;
  const env = testEnvironment(
    { databaseUrl: url.toString(), dataDir: path.join(dir, 'data'), prefix: 'portal-deploy' },
    { RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_PER_MINUTE) },
  );
  expect(env.TRUST_PROXY).toBe('1');
  expect(env.NODE_ENV).toBe('production');
  // One after the other: both would otherwise run the migrations at once.
  for (const port of ports.upstreams) instances.push(await startInstance(port, env));
  nginx = await startNginx(nginxBinary ?? '', path.join(dir, 'nginx'), ports);
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance.stop()));
  instances = [];
  if (database) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The user's Next Steps tasks as one instance reads them, bypassing nginx. */
async function tasksOn(instance: UnitProcess, token: string) {
  const answer = await fetch(`${instance.base}/next-steps/api/user_task/?published=True`, {
    headers: { authorization: `Token ${token}` },
  });
  expect(answer.status).toBe(200);
  return userTaskListSchema.parse(await answer.json());
}

test('through nginx over HTTP/2, a student signs in, sees the dashboard, marks a Next Steps task done, which both processes then read alike, and logs out', async ({
  page,
}) => {
  await page.goto('/auth/login?next=%2F');
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('block-my-next-steps')).toBeVisible();
  const protocol = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
        ?.nextHopProtocol,
  );
  expect(protocol).toBe('h2');

  await page.goto('/next-steps/task');
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await tasks.getByRole('link').first().click();
  const detail = page.getByRole('article');
  const title = (await detail.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(title).not.toBe('');
  await detail.getByRole('button', { name: 'Mark done' }).click();
  await expect(detail.getByRole('button', { name: 'Mark not done' })).toBeVisible();

  const user = await page.request.get('/api/users/user');
  expect(user.status()).toBe(200);
  const token = userSchema.parse(await user.json()).auth_token;
  const [first, second] = await Promise.all(instances.map((i) => tasksOn(i, token)));
  const done = first?.find((t) => t.task.title === title);
  expect(done?.completed_on).not.toBeNull();
  expect(second?.find((t) => t.task.title === title)).toEqual(done);

  // The portal's own control: a link today, a form's button where logout takes a POST. Clicked once
  // the app has the page, as the other journeys do (a click while the server-drawn page was being
  // taken over was once seen to do nothing, on a loaded two-core machine).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await untilTakenOver(page);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Log out' })
    .or(page.getByRole('contentinfo').getByRole('button', { name: 'Log out' }))
    .click();
  await expect(page).toHaveURL(/\/auth\/login/);
  for (const instance of instances) {
    const after = await fetch(`${instance.base}/api/users/user`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(after.status).toBe(401);
  }
});

/** The demo sign-in as a browser at `from` makes it: the form (its CSRF cookie), then the post. */
async function signInFrom(from: string, headers: Record<string, string> = {}) {
  const form = await ask(`${origin}/auth/login?next=%2F`, { localAddress: from, headers });
  expect(form.status).toBe(200);
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body.toString())?.[1] ?? '';
  const posted = await ask(`${origin}/auth/demo-sign-in`, {
    method: 'POST',
    localAddress: from,
    headers: {
      ...headers,
      origin,
      cookie: cookiesOf(form),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ persona: 'student', next: '/', csrf }).toString(),
  });
  return posted.status;
}

test('the sign-in limit counts the address nginx saw: 127.0.0.2 runs out, a forged X-Forwarded-For does not reset it, and 127.0.0.3 still signs in', async () => {
  for (let attempt = 0; attempt < SIGN_IN_PER_MINUTE; attempt += 1) {
    expect(await signInFrom('127.0.0.2')).toBe(303);
  }
  expect(await signInFrom('127.0.0.2')).toBe(429);
  expect(await signInFrom('127.0.0.2', { 'x-forwarded-for': '1.2.3.4' })).toBe(429);
  expect(await signInFrom('127.0.0.3')).toBe(303);
});

test('nginx passes Accept-Encoding on and compresses nothing itself: assets come as the build made them, pages as the app sent them', async () => {
  const assets = path.join('dist', 'client', 'assets');
  const script = readdirSync(assets).find((name) => name.endsWith('.js'));
  expect(script).toBeDefined();
  const url = `${origin}/assets/${script}`;
  const file = path.join(assets, script ?? '');
  const brotli = await ask(url, { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.body.equals(readFileSync(`${file}.br`))).toBe(true);
  const gzip = await ask(url, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.body.equals(readFileSync(`${file}.gz`))).toBe(true);
  const plain = await ask(url, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.equals(readFileSync(file))).toBe(true);
  // The sign-in page, which the app sends uncompressed: Debian's `gzip on;` would compress it.
  const page = await ask(`${origin}/auth/login`, { headers: { 'accept-encoding': 'gzip' } });
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBeUndefined();
  expect(page.body.toString()).toContain('Sign in as Student');
});

test('plain HTTP answers with a permanent redirect to the same address on HTTPS', async () => {
  const answer = await ask(`http://127.0.0.1:${ports.http}/academics?term=202610`);
  expect(answer.status).toBe(301);
  expect(answer.headers.location).toBe('https://127.0.0.1/academics?term=202610');
});

test('an 8 MB image upload reaches the app, a larger body is refused by nginx, and /metrics is not served to the public', async () => {
  const upload = (bytes: number) =>
    ask(`${origin}/admin/posts/1/image`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', origin },
      body: Buffer.alloc(bytes),
    });
  const within = await upload(8 * 1024 * 1024 + 64 * 1024);
  expect(within.status).not.toBe(413);
  // The app answered it: every answer of the app carries its request id.
  expect(within.headers['x-request-id']).toBeDefined();
  const over = await upload(10 * 1024 * 1024);
  expect(over.status).toBe(413);
  expect(over.headers['x-request-id']).toBeUndefined();

  const metrics = await ask(`${origin}/metrics`);
  expect(metrics.status).toBe(404);
  expect(metrics.headers['x-request-id']).toBeUndefined();
});
