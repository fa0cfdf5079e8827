import './supported-node.js';
import { subscribe } from 'node:diagnostics_channel';
import { isSisWarning } from '../contract/sis/warning.schema.js';
import { MemoryCacheStore } from './cache/memory-store.js';
import { ConfigError, loadConfig } from './config.js';
import type { Config } from './config.js';
import { openSis } from './sis/adapters/index.js';
import { STUDENT_MODE_WORDS } from './sis/peoplesoft/check.js';
import { checkOperations } from './sis/peoplesoft/check-operations.js';
import { tokenFileOrExit } from './token-file.js';
import { isTermRead, sisSchemas } from './sis/endpoints.js';
import { DASHBOARD, dashboardReport, measureFirstDashboard } from './sis/first-dashboard.js';
import type { SisEndpoint } from './sis/endpoints.js';
import { startupReport } from './startup-report.js';

/**
 * `npm run sis:check -- <username>`: what each read of the configured SIS adapter (sample, http,
 * ethos or peoplesoft) answers for one person, with its time and the number of calls it made
 * upstream; then what a browser's first dashboard costs upstream (server/sis/first-dashboard.ts):
 * with the code tables cold and warm (Ethos), and once its answers are cached. PeopleSoft first
 * reads each of its operations, one line each (as the service account, `<username>` the EmplID); as
 * the student it can read nothing without a sign-in's token, and says so.
 */

let upstream = 0;
// Every adapter reaches its upstream through the bounded outbound request (undici), which
// announces each request it makes on this channel: counting here counts any adapter's calls.
subscribe('undici:request:create', () => {
  upstream++;
});

const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;
const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? '';
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
};

async function termOf(sis: ReturnType<typeof openSis>, username: string) {
  const current = await sis.read('current-term', { username, persona: null });
  return isSisWarning(current) ? undefined : current.p_term_out;
}

async function readEach(config: Config, username: string): Promise<boolean> {
  const sis = openSis(config);
  const person = { username, persona: null };
  const term = await termOf(sis, username).catch(() => undefined);
  let ok = true;
  for (const read of Object.keys(sisSchemas) as SisEndpoint[]) {
    const before = upstream;
    const start = performance.now();
    try {
      const answer = await sis.read(read, person, isTermRead(read) ? term : undefined);
      const line = `  ${read.padEnd(26)} ok     ${ms(start).padStart(8)}  ${String(upstream - before).padStart(3)} call(s)  ${brief(answer)}`;
      process.stdout.write(`${line}\n`);
    } catch (err) {
      ok = false;
      const reason = err instanceof Error ? err.message : String(err);
      process.stdout.write(
        `  ${read.padEnd(26)} FAILED ${ms(start).padStart(8)}  ${String(upstream - before).padStart(3)} call(s)  ${reason}\n`,
      );
    }
  }
  return ok;
}

/**
 * What a browser's first dashboard costs upstream: with Ethos, on a new process (code tables cold),
 * then on another whose code tables are in the store the processes share, as Redis shares them.
 */
async function dashboard(config: Config, username: string) {
  const codeTables = Boolean(config.sis.ethos);
  const shared = new MemoryCacheStore();
  const costs = await measureFirstDashboard({
    open: () => openSis(config, { shared }),
    username,
    upstream: () => upstream,
    codeTables,
  });
  process.stdout.write(`${dashboardReport(costs).join('\n')}\n`);
}

async function main() {
  const username = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!username) {
    process.stderr.write('Usage: npm run sis:check -- <username>\n');
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  const sisLine = startupReport(config).lines.find((l) => l.trim().startsWith('SIS:'));
  process.stdout.write(`${sisLine?.trim() ?? 'SIS'}\n`);
  const peoplesoft = config.sis.peoplesoft;
  if (peoplesoft) {
    process.stdout.write(`Each PeopleSoft operation for ${username}:\n`);
    const token = tokenFileOrExit(process.argv);
    const lines = await checkOperations(peoplesoft, username, config.sis.timeoutMs, token);
    for (const line of lines) {
      const state = line.ok ? 'ok    ' : 'FAILED';
      process.stdout.write(`  ${line.operation.padEnd(30)} ${state} ${line.detail}\n`);
    }
    if (peoplesoft.auth.mode === 'student') {
      if (!token) process.stdout.write(`${STUDENT_MODE_WORDS}.\n`);
      process.exit(lines.every((l) => l.ok) ? 0 : 1);
    }
  }
  process.stdout.write(`Each read for ${username}:\n`);
  const ok = await readEach(config, username);
  process.stdout.write(`A student's first dashboard (${DASHBOARD.join(', ')}):\n`);
  await dashboard(config, username);
  process.exit(ok ? 0 : 1);
}

await main();
