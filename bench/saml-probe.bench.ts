// The SAML probe of issue 56 against a real server process (dist/server, built here with tsc),
// SQLite, SAML configured with a test IdP: /healthz latency with no probe, while 20 hostile
// requests a minute arrive (40,000 siblings, an entity bomb and 20,000 nested elements at the ACS,
// each answering a live InResponseTo; the 9.7 KB logout bomb at /auth/saml/slo, unsigned and
// signed by the IdP), during a burst of 20 at once, and with no probe again; each hostile
// request's own answer time. The rate limits are lifted so every request reaches the checks.
// BENCH_PORTAL_DIR measures another build. Writes bench/results/saml-probe.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { inflateRawSync } from 'node:zlib';
import { TestIdp, makeKeyPair, tempFile } from '../tests/server/helpers/saml-idp.js';
import { IDP, SLO, SSO, probes, redirectQuery } from '../tests/server/helpers/saml-portal.js';
import { startPortal } from './lib/servers.js';

const DIR = process.env.BENCH_PORTAL_DIR ?? '.';
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 30_000);
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 90_000);
const PER_MINUTE = 20;
const BURST = 20;
/** Made once: deflating 10 MB is the client's work, not the server's. */
const SLO_BOMB = probes.sloBomb();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v: number) => +v.toFixed(1);
  return { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(at(1)) };
}

/** /healthz asked again and again (10 ms apart) until `stop`; its answer times. */
async function pollHealth(base: string, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const started = performance.now();
    const answer = await fetch(`${base}/healthz`);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
    await sleep(10);
  }
  return times;
}

async function measuredHealth(base: string, during: () => Promise<void>) {
  const stop = { done: false };
  const polling = pollHealth(base, stop);
  await during();
  stop.done = true;
  return summary(await polling);
}

type Kind = 'siblings' | 'entities' | 'nested' | 'sloUnsigned' | 'sloSigned';
const KINDS: Kind[] = ['siblings', 'entities', 'nested', 'sloUnsigned', 'sloSigned'];

/** One hostile request of `kind`; answers its status and its own answer time. */
async function hostile(base: string, kind: Kind, idpKey: string) {
  if (kind === 'sloUnsigned' || kind === 'sloSigned') {
    const deflated = SLO_BOMB;
    const query = redirectQuery(
      '',
      kind === 'sloSigned' ? { deflated, key: idpKey } : { deflated },
    );
    const started = performance.now();
    const answer = await fetch(`${base}/auth/saml/slo${query}`, { redirect: 'manual' });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  }
  // A free sign-in start gives the live InResponseTo and the browser's cookie, as the probe did.
  const start = await fetch(`${base}/auth/login`, { redirect: 'manual' });
  const cookie = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const request = new URL(start.headers.get('location') ?? '').searchParams.get('SAMLRequest');
  const xml = inflateRawSync(Buffer.from(request ?? '', 'base64')).toString('utf8');
  const id = /ID="([^"]+)"/.exec(xml)?.[1] ?? '';
  const body = new URLSearchParams({
    SAMLResponse: Buffer.from(probes[kind](id)).toString('base64'),
  });
  const started = performance.now();
  const answer = await fetch(`${base}/auth/saml/acs`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { cookie, accept: 'text/html', origin: 'https://idp.campus.test' },
  });
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started };
}

async function main() {
  if (!process.env.BENCH_PORTAL_DIR) {
    const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('server build failed');
  }
  const idp = new TestIdp({ entityId: IDP, ssoUrl: SSO, sloUrl: SLO });
  const spKeys = makeKeyPair('Campus Portal');
  const { child, base } = await startPortal(DIR, {
    DEMO_SIGN_IN: '',
    SAML_IDP_METADATA: tempFile('idp.xml', idp.metadata()),
    SAML_SP_KEY_FILE: tempFile('sp.key', spKeys.key),
    SAML_SP_CERT_FILE: tempFile('sp.crt', spKeys.cert),
    PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
    ALLOW_SAMPLE_SIS: '1',
  });
  const none = (): Record<Kind, number[]> => ({
    siblings: [],
    entities: [],
    nested: [],
    sloUnsigned: [],
    sloSigned: [],
  });
  /** Each hostile request's answer time, while they arrive 20 a minute and in the burst. */
  const refusals = { steady: none(), burst: none() };
  let phase: keyof typeof refusals = 'steady';
  const statuses = new Map<number, number>();
  const run = async (kind: Kind) => {
    const { status, ms } = await hostile(base, kind, idp.keys.key);
    refusals[phase][kind].push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  try {
    // Warm: the server's first requests and the routes' first compilation are not the figure.
    for (const kind of KINDS) await run(kind);
    refusals.steady = none();
    statuses.clear();
    const load = [loadavg()[0]];
    const quietBefore = await measuredHealth(base, () => sleep(QUIET_MS));
    const steady = await measuredHealth(base, async () => {
      const every = 60_000 / PER_MINUTE;
      const sent: Promise<void>[] = [];
      for (let i = 0; i * every < PROBE_MS; i += 1) {
        sent.push(run(KINDS[i % KINDS.length]!));
        await sleep(every);
      }
      await Promise.all(sent);
    });
    phase = 'burst';
    const burst = await measuredHealth(base, async () => {
      await Promise.all(Array.from({ length: BURST }, (_, i) => run(KINDS[i % KINDS.length]!)));
      await sleep(5_000);
    });
    const quietAfter = await measuredHealth(base, () => sleep(QUIET_MS));
    load.push(loadavg()[0]);
    const ratio = (a: number, b: number) => +(a / b).toFixed(2);
    const report = {
      date: new Date().toISOString(),
      portal: DIR,
      loadAverage: load.map((l) => +(l ?? 0).toFixed(2)),
      healthz: { quietBefore, steady, burst, quietAfter },
      healthzP99Ratio: {
        steadyToQuiet: ratio(steady.p99, quietBefore.p99),
        burstToQuiet: ratio(burst.p99, quietBefore.p99),
      },
      hostilePerMinute: PER_MINUTE,
      burst: BURST,
      refusalMs: {
        steady: Object.fromEntries(KINDS.map((k) => [k, summary(refusals.steady[k])])),
        burst: Object.fromEntries(KINDS.map((k) => [k, summary(refusals.burst[k])])),
      },
      statuses: Object.fromEntries(statuses),
    };
    console.log(JSON.stringify(report, null, 2));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/saml-probe.json', `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    child.kill('SIGTERM');
  }
}

await main();
