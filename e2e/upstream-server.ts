import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { campusGroupsEventsSample } from '../server/feeds/samples/campus-groups-events.js';
import { campusGroupsNewsSample } from '../server/feeds/samples/campus-groups-news.js';
import { universityEventsSample } from '../server/feeds/samples/events-university.js';
import { sampleClock } from '../server/feeds/samples/sample-clock.js';
import { FakeFeeds } from '../tests/fake-feeds/fake-feeds.js';

/** The sample documents' made-up image host. */
const SAMPLE_IMAGES = /https:\/\/images\.(groups\.)?campus\.example\.edu\/(events\/)?/g;

/** A picture for each sample image: a soft gradient in one of the campus colours, with a circle. */
async function picture(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,45%)"/><stop offset="1" stop-color="hsl(${hue + 40},60%,30%)"/>
    </linearGradient></defs>
    <rect width="800" height="500" fill="url(#g)"/>
    <circle cx="600" cy="140" r="90" fill="hsl(${hue + 80},70%,70%)" opacity="0.6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export interface UpstreamServer {
  base: string;
  fake: FakeFeeds;
  stop: () => Promise<void>;
}

/**
 * A second portal server whose feeds come from a fake university host on this machine: the sample
 * documents, with every other sample image served as a picture (the rest are missing, so their cards
 * show the placeholder) from `localhost`, the one private host the server is told it may fetch
 * images from. `emergencyAlertsFeed` points at a port nothing listens on when `deadAlerts` is set.
 */
export async function startUpstreamServer(
  port: number,
  { deadAlerts = false }: { deadAlerts?: boolean } = {},
): Promise<UpstreamServer> {
  const fake = await FakeFeeds.start();
  const host = fake.url('').replace('127.0.0.1', 'localhost');
  const clock = sampleClock(new Date(), 'America/Los_Angeles');
  const withImages = (document: string) => document.replace(SAMPLE_IMAGES, host);
  const events = withImages(universityEventsSample(clock));
  const groups = withImages(campusGroupsEventsSample(clock));
  const news = withImages(campusGroupsNewsSample(clock));
  const names = [...`${events}${groups}${news}`.matchAll(/localhost:\d+\/([\w.-]+\.jpg)/g)].map(
    (m) => m[1]!,
  );
  let served = 0;
  for (const [i, name] of [...new Set(names)].entries()) {
    if (i % 2 === 1) continue;
    fake.serve(name, await picture((i * 37) % 360), 'image/jpeg');
    served += 1;
  }
  if (served === 0) throw new Error('the sample feeds name no images');
  fake.serve('events.ics', events, 'text/calendar');
  fake.serve('groups.xml', groups);
  fake.serve('news.xml', news);
  const campus = fake.campusConfig(
    // Port 9 (discard) on this host: nothing answers, the connection is refused at once.
    deadAlerts ? { emergencyAlertsFeed: 'http://127.0.0.1:9/alerts.xml' } : {},
  );
  const server: ChildProcess = spawn(process.execPath, ['dist/server/server.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'portal-upstream-')), 'data'),
      CAMPUS_CONFIG: campus,
      FEED_IMAGE_PRIVATE_HOSTS: 'localhost',
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await fake.close();
  };
  for (let i = 0; i < 150; i += 1) {
    const up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, fake, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('The upstream-fed server did not start');
}
