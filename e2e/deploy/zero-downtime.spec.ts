import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import sharp from 'sharp';
import { eventListSchema } from '../../contract/events.schema.js';
import { userSchema } from '../../contract/user.schema.js';
import { campusGroupsEventsSample } from '../../server/feeds/samples/campus-groups-events.js';
import { sampleClock } from '../../server/feeds/samples/sample-clock.js';
import { FakeFeeds } from '../../tests/fake-feeds/fake-feeds.js';
import { DEPLOY_PORT } from '../../playwright.deploy.config.js';
import { ask } from './client.js';
import { findNginx, startNginx } from './nginx.js';
import type { NginxPorts, RunningNginx } from './nginx.js';
import { startInstance, testEnvironment } from './portal.js';
import type { UnitProcess } from './portal.js';

/**
 * The documented procedures, through the reference nginx configuration, while a client keeps asking:
 * a rolling restart of the two processes, a rolling upgrade to a build with a new migration, and the
 * restore drill (back up, wipe, restore, start paused). Ports after deploy.spec.ts's own.
 */
const ports: NginxPorts = {
  https: DEPLOY_PORT + 4,
  http: DEPLOY_PORT + 5,
  upstreams: [DEPLOY_PORT + 6, DEPLOY_PORT + 7],
};
const origin = `https://127.0.0.1:${ports.https}`;
const DRILL_MIGRATION = '999-deploy-drill';
const MEDIA = 'post-1-drill0000000-image.webp';

const nginxBinary = findNginx();
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const missing = [
  ...(nginxBinary ? [] : ['nginx (apt-get install nginx)']),
  ...(databaseUrl ? [] : ['DATABASE_URL']),
  ...(redisUrl ? [] : ['REDIS_URL']),
];
if (process.env.CI === 'true' && missing.length > 0) {
  throw new Error(`CI=true: the zero-downtime deployment test needs ${missing.join(', ')}.`);
}
test.skip(missing.length > 0, `The zero-downtime test is skipped: it needs ${missing.join(', ')}.`);
test.describe.configure({ mode: 'serial' });

let nginx: RunningNginx | undefined;
const instances: (UnitProcess | undefined)[] = [undefined, undefined];
let database = '';
let storeUrl = '';
let dir = '';
let env: Record<string, string> = {};
/** The install folder the processes run from now (the next release's after the upgrade). */
let installed = process.cwd();
/** The campus-group events feed and its images. */
let feeds: FakeFeeds | undefined;
const GROUP_EVENTS = '/api/integrations/pdxcampusgroups/events';

async function sql<T extends pg.QueryResultRow>(query: string, url = storeUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(query)).rows;
  } finally {
    await client.end();
  }
}

const count = async (table: string) =>
  Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]?.n ?? -1);

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-zero-downtime-'));
  database = `portal_zero_${randomBytes(4).toString('hex')}`;
  await sql(`CREATE DATABASE "${database}"`, databaseUrl);
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${database}`;
  storeUrl = url.toString();
  feeds = await FakeFeeds.start();
  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#2f5b7d' },
  })
    .jpeg()
    .toBuffer();
  // The sample campus-group events, their pictures on a host of the campus network (`localhost`).
  const images = `${feeds.url('').replace('127.0.0.1', 'localhost')}images/`;
  const groups = campusGroupsEventsSample(
    sampleClock(new Date(), 'America/Los_Angeles'),
  ).replaceAll('https://images.groups.campus.example.edu/', images);
  for (const [, name] of groups.matchAll(/images\/([\w.-]+)"/g)) {
    feeds.serve(`images/${name}`, picture, 'image/jpeg');
  }
  feeds.serve('groups.xml', groups);
  env = testEnvironment(
    { databaseUrl: storeUrl, dataDir: path.join(dir, 'data'), prefix: 'portal-zero' },
    {
      // The poller asks far more often than a person: the API limit is not what this test is about.
      RATE_LIMIT_API_PER_MINUTE: '100000',
      CAMPUS_CONFIG: feeds.campusConfig(),
      FEED_IMAGE_PRIVATE_HOSTS: 'localhost',
    },
  );
  for (const [i, port] of ports.upstreams.entries()) {
    instances[i] = await startInstance(port, env);
  }
  nginx = await startNginx(nginxBinary ?? '', path.join(dir, 'nginx'), ports);
});

test.afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((instance) => instance?.stop()));
  await feeds?.close();
  if (database) await sql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`, databaseUrl);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Tally {
  requests: number;
  failures: string[];
}

/**
 * Clients asking through nginx without a pause, on kept-alive connections as browsers do, until
 * `stop()`: a page and an API read in turn. Anything but a 200 is a failed request.
 */
function poll(clients = 2) {
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: clients,
    rejectUnauthorized: false,
  });
  const tally: Tally = { requests: 0, failures: [] };
  let running = true;
  const once = (url: string) =>
    new Promise<string | undefined>((resolve) => {
      const request = https.get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve(response.statusCode === 200 ? undefined : `${response.statusCode} ${url}`),
        );
      });
      request.on('error', (err) => resolve(`${err.message} ${url}`));
    });
  const loops = Array.from({ length: clients }, async (_, i) => {
    for (let n = i; running; n += 1) {
      const failure = await once(`${origin}${n % 2 ? '/api/status' : '/auth/login'}`);
      tally.requests += 1;
      if (failure) tally.failures.push(failure);
    }
  });
  return {
    tally,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      return tally;
    },
  };
}

/** Until the poller has had `more` answers more (through nginx, before or after a roll). */
async function requestsServed(poller: ReturnType<typeof poll>, more: number) {
  const from = poller.tally.requests;
  await expect.poll(() => poller.tally.requests).toBeGreaterThanOrEqual(from + more);
}

/** Until the process answers /readyz with 200, asked directly (what the procedure waits for). */
async function ready(instance: UnitProcess) {
  await expect
    .poll(async () => (await fetch(`${instance.base}/readyz`).catch(() => undefined))?.status, {
      timeout: 30_000,
      intervals: [100],
    })
    .toBe(200);
}

/** The documented rolling procedure: one process at a time, stopped, started, ready, then the next. */
async function roll(installDir: string, extra: Record<string, string> = {}) {
  const started: UnitProcess[] = [];
  for (const [i, port] of ports.upstreams.entries()) {
    const began = Date.now();
    await instances[i]?.stop();
    const stopped = Date.now();
    const next = await startInstance(port, { ...env, ...extra }, installDir);
    instances[i] = next;
    await ready(next);
    console.log(
      `process ${i + 1}: stopped in ${stopped - began} ms, ready ${Date.now() - stopped} ms later`,
    );
    started.push(next);
  }
  return started;
}

test('a rolling restart of the two processes, one after the other, fails no request through nginx', async () => {
  for (const instance of instances) if (instance) await ready(instance);
  const poller = poll();
  await requestsServed(poller, 50);
  await roll(process.cwd());
  await requestsServed(poller, 50);
  const tally = await poller.stop();
  console.log(
    `rolling restart: ${tally.requests} requests through nginx, ${tally.failures.length} failed`,
  );
  expect(tally.failures).toEqual([]);
  expect(tally.requests).toBeGreaterThan(100);
});

test('right after a rolling restart, every feed image is served on every request, by either process and through nginx, and each card shows it', async ({
  page,
}) => {
  // One process reads the feed (its answer names the images); then both restart, one after the other.
  await page.goto(`${origin}/auth/login?next=%2F`);
  await page.getByRole('button', { name: 'Sign in as Student', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const user = userSchema.parse(await (await page.request.get(`${origin}/api/users/user`)).json());
  const named = async (base: string) => {
    const answer = await fetch(`${base}${GROUP_EVENTS}`, {
      headers: { authorization: `Token ${user.auth_token}` },
    });
    expect(answer.status).toBe(200);
    return eventListSchema.parse(await answer.json()).flatMap((item) => item.image ?? []);
  };
  // A feed answer names an image once this process holds it (fetched in the background).
  await expect
    .poll(async () => (await named(instances[0]?.base ?? '')).length, { timeout: 20_000 })
    .toBeGreaterThan(2);
  const images = await named(instances[0]?.base ?? '');
  await roll(process.cwd());

  // Each process, asked directly for each image before it has read the feed since its start.
  for (const instance of instances) {
    for (const image of images) {
      const answer = await fetch(`${instance?.base}${image}?w=400`);
      expect(answer.status, `${image} from ${instance?.base}`).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
    }
  }
  // And the student's page through nginx, again and again: every card has its picture each time.
  for (let visit = 0; visit < 4; visit += 1) {
    await page.goto(`${origin}/community`);
    const region = page.getByRole('region', { name: 'Campus group events' });
    const pictures = region.locator('img.event-card__image');
    await expect(pictures).toHaveCount(images.length, { timeout: 15_000 });
    for (const picture of await pictures.all()) {
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(page.getByTestId('image-placeholder')).toHaveCount(0);
  }
});

/**
 * The next release's install folder: this build with one more migration, additive (a new table), of
 * the kind the old version tolerates, and a build hash of its own.
 */
function nextRelease(): string {
  const next = path.join(dir, 'next-release');
  mkdirSync(next);
  cpSync('dist', path.join(next, 'dist'), { recursive: true });
  symlinkSync(realpathSync('node_modules'), path.join(next, 'node_modules'));
  const index = path.join(next, 'dist/server/db/migrations/index.js');
  const source = readFileSync(index, 'utf8');
  if (!source.includes('const steps = {'))
    throw new Error(`${index} changed shape: update the test`);
  writeFileSync(
    index,
    source.replace(
      'const steps = {',
      `const steps = {\n    '${DRILL_MIGRATION}': { up: (db) => db.schema.createTable('deploy_drill').addColumn('id', 'integer').execute() },`,
    ),
  );
  writeFileSync(path.join(next, 'dist/build.json'), JSON.stringify({ hash: 'next000' }));
  return next;
}

test('a rolling upgrade to a build with a new migration fails no request through nginx, and the first new process logs the migration it applied', async () => {
  const next = nextRelease();
  installed = next;
  const poller = poll();
  await requestsServed(poller, 50);
  const [first, second] = await roll(next);
  await requestsServed(poller, 50);
  const tally = await poller.stop();
  console.log(`upgrade: ${tally.requests} requests through nginx, ${tally.failures.length} failed`);
  expect(tally.failures).toEqual([]);
  expect(tally.requests).toBeGreaterThan(100);

  const logged = (instance: UnitProcess | undefined) =>
    (instance?.output() ?? '')
      .split('\n')
      .filter((line) => line.includes('"msg":"migration applied"'))
      .map((line) => JSON.parse(line) as { migration: string; durationMs: number });
  const applied = logged(first);
  expect(applied.map((m) => m.migration)).toEqual([DRILL_MIGRATION]);
  expect(applied[0]?.durationMs).toBeGreaterThanOrEqual(0);
  expect(logged(second)).toEqual([]);
  expect(first?.output()).toContain('build next000');
  expect(await count('deploy_drill')).toBe(0);
});

test('the restore drill: a backup of the store and the media folder, wiped, restored and started as documented, has its data and images and sends nothing', async () => {
  const dataDir = env.DATA_DIR ?? '';
  const media = path.join(dataDir, 'media');
  mkdirSync(media, { recursive: true });
  const image = randomBytes(2048);
  writeFileSync(path.join(media, MEDIA), image);
  // The running portal planned the sample student's reminders: a restored copy would plan them again.
  expect(await count('notify_jobs')).toBeGreaterThan(0);
  const users = await count('users');
  const tasks = await count('ns_tasks');
  expect(users).toBeGreaterThan(0);

  // Back up, as docs/operations.md says: the dump and the media folder, readable by the owner only.
  const backups = path.join(dir, 'backups');
  mkdirSync(backups, { mode: 0o700 });
  const dump = path.join(backups, 'portal.dump');
  execFileSync('sh', [
    '-c',
    'umask 077 && pg_dump --format=custom --file="$1" "$2" && mkdir -p "$3/media" && rsync -a "$3/media/" "$4/media/"',
    'sh',
    dump,
    storeUrl,
    dataDir,
    backups,
  ]);
  expect(statSync(dump).mode & 0o777).toBe(0o600);

  // The restored copy runs the release the backup was made with (an older one refuses its migrations).
  // Wipe: both processes stopped, the database and the data folder gone.
  for (const [i, instance] of instances.entries()) {
    await instance?.stop();
    instances[i] = undefined;
  }
  await sql(`DROP DATABASE "${database}" WITH (FORCE)`, databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });

  // Restore into a new, empty database of the same name, and the media folder back.
  await sql(`CREATE DATABASE "${database}"`, databaseUrl);
  execFileSync('sh', [
    '-c',
    'pg_restore --no-owner --exit-on-error --single-transaction -d "$1" "$2" && mkdir -p "$3/media" && rsync -a "$4/media/" "$3/media/"',
    'sh',
    storeUrl,
    dump,
    dataDir,
    backups,
  ]);
  // Reminders planned before the backup are gone from this copy: an unpaused planner would plan and
  // send the sample student's again at once.
  await sql('DELETE FROM notify_outbox; DELETE FROM notify_jobs');

  const restored = await startInstance(
    ports.upstreams[0],
    { ...env, NOTIFY_PAUSED: '1' },
    installed,
  );
  instances[0] = restored;
  await ready(restored);
  expect(restored.output()).toMatch(/sending: +PAUSED \(NOTIFY_PAUSED=1\)/);

  expect(await count('users')).toBe(users);
  expect(await count('ns_tasks')).toBe(tasks);
  const served = await ask(`${origin}/media/${MEDIA}`);
  expect(served.status).toBe(200);
  expect(served.body.equals(image)).toBe(true);
  const signIn = await ask(`${origin}/auth/login`);
  expect(signIn.status).toBe(200);

  // The planner's first round comes 2 s after the start and the worker polls every 5 s.
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  expect(await count('notify_jobs')).toBe(0);
  expect(await count('notify_outbox')).toBe(0);
});
