// `npm start`: builds both apps and the server when the build is missing or older than the sources,
// then starts the server on the embedded defaults and prints its address.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { allocatorEnv } from './allocator.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const inputs = [
  'contract',
  'src',
  'server',
  'index.html',
  'next-steps/index.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];
const stamp = 'dist/build.json';

// The portal supports Node.js 22 and 24. `npm install` brings Node 24 where the machine's is older
// (scripts/node-runtime), and npm scripts run on it; a bare `node scripts/start.mjs` does not.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Node.js ${process.version} is not supported (the portal runs on 22 or 24). ` +
      'Run `npm install`, then `npm start`: the install brings a supported Node.js for npm scripts.',
  );
  process.exit(1);
}

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

// `--check` (`npm run config:check`) only reads and reports: it never builds, opens a port or a store.
const checkOnly = process.argv.includes('--check');
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (checkOnly && !built) {
  console.error('No build yet (dist/): run `npm run build` first, then `npm run config:check`.');
  process.exit(1);
}
if (!checkOnly && built < Math.max(...inputs.map(newest))) {
  console.log(
    (built ? 'Sources changed since the last build' : 'No build yet') +
      ': building the portal, Next Steps and the server (about a minute on two cores)…',
  );
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Arguments pass through: `npm run config:check` is this script with `--check`. The allocator:
// jemalloc when installed (allocator.mjs), so memory freed by image work goes back to the system.
// Node.js keeps the compiled code between starts (NODE_COMPILE_CACHE): about a fifth less CPU before
// the server serves. The operator's own setting wins. V8's flags: scripts/server-flags.mjs.
const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, 'dist/server/server.js', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { NODE_COMPILE_CACHE: 'node_modules/.cache/node-compile', ...allocatorEnv() },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
