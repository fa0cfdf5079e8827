// Image work against a real server process (dist/server, built here with tsc), SQLite: what 100
// anonymous requests to the feed image route cost (requests reaching the image host, server CPU);
// the resident set before, at the peak of and 5 and 15 s after six parallel uploads of a 38-megapixel JPEG
// (generated here with sharp), under each allocator setting (glibc as is, MALLOC_ARENA_MAX=2,
// jemalloc preloaded when installed); and the peak resident set under a 150-connection mixed load.
// BENCH_PORTAL_DIR measures another build (a baseline copy) the same way. Writes
// bench/results/images.json.
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { feedImageId } from '../server/feeds/feed-images.js';
import { FakeFeeds } from '../tests/fake-feeds/fake-feeds.js';
import { signInCookies, startPortal } from './lib/servers.js';

const DIR = process.env.BENCH_PORTAL_DIR ?? '.';
/** Items in the news feed: 12 shown, 100 kept but not shown. */
const ITEMS = 112;
const JEMALLOC = '/lib/x86_64-linux-gnu/libjemalloc.so.2';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssMb = (child: ChildProcess) =>
  +(
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) /
    1024
  ).toFixed(1);
const cpuMs = (child: ChildProcess) => {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
function sampler(child: ChildProcess) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(child))), 100);
  return () => (clearInterval(timer), Math.max(peak, rssMb(child)));
}

/** Stands in for a campus's feed and image hosts: one news feed of ITEMS items, each its image. */
async function fakeHost() {
  const fake = await FakeFeeds.start();
  const hosted = (p: string) => fake.url(p).replace('127.0.0.1', 'localhost');
  const photo = await sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const items = Array.from({ length: ITEMS }, (_, i) => {
    fake.serve(`img-${i}.jpg`, photo, 'image/jpeg');
    return `<item><title>Item ${i}</title><link>https://groups.example.edu/n/${i}</link><guid>n-${i}</guid>
      <pubDate>Fri, 20 Nov 2026 17:00:00 GMT</pubDate><enclosure url="${hosted(`img-${i}.jpg`)}" type="image/jpeg" length="0"/></item>`;
  });
  fake.serve(
    'news.xml',
    `<?xml version="1.0"?><rss version="2.0"><channel><title>N</title>${items.join('')}</channel></rss>`,
  );
  const ids = Array.from({ length: ITEMS }, (_, i) => feedImageId(hosted(`img-${i}.jpg`)));
  return {
    fake,
    ids,
    upstream: () =>
      [...fake.hits].filter(([p]) => p.startsWith('img-')).reduce((n, [, c]) => n + c, 0),
  };
}

/** A 38-megapixel photograph-like JPEG (smooth, so it fits the 8 MB upload limit). */
const bigJpeg = () =>
  sharp({
    create: {
      width: 472,
      height: 315,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(7552, 5032)
    .jpeg({ quality: 85 })
    .toBuffer();

async function staffSession(base: string) {
  const cookies = await signInCookies(base, 'staff');
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const csrf = cookies.find((c) => c.name === 'portal_csrf')?.value ?? '';
  return { cookie, csrf, origin: base };
}

async function createPost(base: string, s: Awaited<ReturnType<typeof staffSession>>, n: number) {
  const body = {
    post_type: 'resources',
    title: `Bench ${n}`,
    slug: `bench-image-${n}-${Date.now()}`,
    body_markdown: 'Bench.',
    category: 'faculty',
    action_link: null,
    link_text: null,
    hide_text: false,
    publishing: 'now',
    publishing_opens_on: null,
    links: [],
  };
  const answer = await fetch(`${base}/admin/posts`, {
    method: 'POST',
    headers: {
      cookie: s.cookie,
      origin: s.origin,
      'x-csrf-token': s.csrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (answer.status !== 201)
    throw new Error(`create post: ${answer.status} ${await answer.text()}`);
  return ((await answer.json()) as { id: number }).id;
}

async function upload(
  base: string,
  s: Awaited<ReturnType<typeof staffSession>>,
  id: number,
  jpeg: Buffer,
) {
  const form = new FormData();
  form.append('csrf', s.csrf);
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const answer = await fetch(`${base}/admin/posts/${id}/image`, {
    method: 'POST',
    body: form,
    headers: { cookie: s.cookie, origin: s.origin },
  });
  await answer.arrayBuffer();
  return answer.status;
}

type Host = Awaited<ReturnType<typeof fakeHost>>;

/** A built portal on the fake host, on a database an earlier start created and seeded. */
async function portalOn(host: Host, env: Record<string, string>) {
  const settings = {
    CAMPUS_CONFIG: host.fake.campusConfig(),
    FEED_IMAGE_PRIVATE_HOSTS: 'localhost',
    CLIENT_DIR: path.join(DIR, 'dist/client'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-bench-images-')),
    ...env,
  };
  // A deployment's first process creates and seeds the database (loading the HTML sanitiser);
  // the measured one starts on it, as every later process does.
  const first = await startPortal(DIR, settings);
  await new Promise((resolve) => (first.child.once('exit', resolve), first.child.kill('SIGTERM')));
  return startPortal(DIR, settings);
}

/** 100 anonymous requests, each for the image of another item the feed keeps but does not show. */
async function anonymous(host: Host, env: Record<string, string>) {
  const { child, base } = await portalOn(host, env);
  try {
    const before = host.upstream();
    const cpu0 = cpuMs(child);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 100; i += 1) {
      const answer = await fetch(`${base}/api/feed-images/${host.ids[12 + i]}?w=400`);
      await answer.arrayBuffer();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
    // Give background work the request started (if any) time to finish before CPU is read.
    await sleep(3000);
    return {
      upstreamFetches: host.upstream() - before,
      serverCpuMs: cpuMs(child) - cpu0,
      statuses: Object.fromEntries(statuses),
    };
  } finally {
    child.kill('SIGTERM');
  }
}

/** RSS before, at the peak of and 5 and 15 s after six parallel uploads of `jpeg`. */
async function uploads(host: Host, env: Record<string, string>, jpeg: Buffer) {
  const { child, base } = await portalOn(host, env);
  try {
    const staff = await staffSession(base);
    const posts = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createPost(base, staff, i)),
    );
    // One small upload first, so libvips is loaded before the baseline is read.
    const small = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#456' },
    })
      .jpeg()
      .toBuffer();
    if ((await upload(base, staff, posts[6]!, small)) !== 200) throw new Error('warm-up failed');
    await sleep(2000);
    const rssBeforeMb = rssMb(child);
    const peak = sampler(child);
    const started = Date.now();
    const statuses = await Promise.all(
      posts.slice(0, 6).map((id) => upload(base, staff, id, jpeg)),
    );
    const uploadsMs = Date.now() - started;
    await sleep(5000);
    const rssAfter5sMb = rssMb(child);
    // jemalloc returns freed pages after its decay time (10 s by default): read again later.
    await sleep(10_000);
    const rssPeakMb = peak();
    const rssAfterMb = rssMb(child);
    const keptMb = +(rssAfterMb - rssBeforeMb).toFixed(1);
    return { statuses, uploadsMs, rssBeforeMb, rssPeakMb, rssAfter5sMb, rssAfterMb, keptMb };
  } finally {
    child.kill('SIGTERM');
  }
}

/**
 * The 150-connection mixed load on a fresh process: cached SIS reads, the news feed, a shown
 * image, an image not shown (404 by design), posts and /healthz, in turn on every connection.
 */
async function mixedLoad(host: Host, env: Record<string, string>) {
  const { child, base } = await portalOn(host, env);
  try {
    const cookies = await signInCookies(base, 'student');
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const user = (await (
      await fetch(`${base}/api/users/user`, { headers: { cookie } })
    ).json()) as {
      auth_token?: string;
    };
    const headers = { authorization: `Token ${user.auth_token ?? ''}` };
    const newsPath = '/api/integrations/pdxcampusgroups/news';
    const news = (await (await fetch(`${base}${newsPath}`, { headers })).json()) as {
      image: string | null;
    }[];
    const shown = news.flatMap((e) => (e.image ? [e.image] : []));
    const rssIdleMb = rssMb(child);
    const peak = sampler(child);
    const result = await autocannon({
      url: base,
      connections: 150,
      duration: Number(process.env.BENCH_SECONDS ?? 15),
      requests: [
        { method: 'GET', path: '/api/integrations/finti/holds', headers },
        { method: 'GET', path: '/api/integrations/finti/schedule?term=202604', headers },
        { method: 'GET', path: newsPath, headers },
        { method: 'GET', path: `${shown[0] ?? '/api/feed-images/none'}?w=800` },
        { method: 'GET', path: `/api/feed-images/${host.ids[30]}?w=400` },
        { method: 'GET', path: '/api/posts?post_type=blog', headers },
        { method: 'GET', path: '/healthz' },
      ],
    });
    return {
      connections: 150,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      p99Ms: result.latency.p99,
      rssIdleMb,
      rssPeakMb: peak(),
      shownImages: shown.length,
    };
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  if (!process.env.BENCH_PORTAL_DIR) {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const host = await fakeHost();
  const jpeg = await bigJpeg();
  const variants: [string, Record<string, string>][] = [
    ['glibc', {}],
    ['glibc MALLOC_ARENA_MAX=2', { MALLOC_ARENA_MAX: '2' }],
    ...(existsSync(JEMALLOC)
      ? [['jemalloc (LD_PRELOAD)', { LD_PRELOAD: JEMALLOC }] as [string, Record<string, string>]]
      : []),
  ];
  const only = process.env.BENCH_ALLOCATORS?.split(',');
  const chosen = variants.filter(([name]) => !only || only.some((o) => name.startsWith(o)));
  const anonymousRun = await anonymous(host, {});
  console.log('anonymous', anonymousRun);
  const runs = [];
  for (const [allocator, env] of chosen) {
    const run = {
      allocator,
      uploads: await uploads(host, env, jpeg),
      mixedLoad: await mixedLoad(host, env),
    };
    console.log(JSON.stringify(run));
    runs.push(run);
  }
  await host.fake.close();
  const report = {
    measuredAt: new Date().toISOString(),
    portal: DIR,
    loadAverage: loadavg().map((n) => +n.toFixed(2)),
    upload: { megapixels: 38, bytes: jpeg.byteLength, parallel: 6 },
    anonymous: anonymousRun,
    runs,
  };
  mkdirSync('bench/results', { recursive: true });
  const out = process.env.BENCH_OUT ?? 'bench/results/images.json';
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(report);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
