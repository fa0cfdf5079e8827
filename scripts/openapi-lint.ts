// `npm run lint:openapi`: builds the server (nothing listens), writes the OpenAPI document it
// generates to a temporary file and lints it with Redocly's recommended rules (redocly.yaml).
// Exits non-zero on any error, so `npm test` fails on a route whose contract is incomplete.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/database.js';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent' });
const database = await openDatabase({ sqliteFile: ':memory:' });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const document = app.swagger();
await app.close();

const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));
const lint = spawnSync('npx', ['redocly', 'lint', file, '--config', 'redocly.yaml'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
rmSync(dir, { recursive: true, force: true });
process.exit(lint.status ?? 1);
