import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

export const UNIT = 'deploy/systemd/campus-portal@.service';
export const ENV_TEMPLATE = 'deploy/campus-portal.env.example';

/** One `KEY=value` line of the unit's [Service] section (the last, as systemd takes it). */
function unitSetting(unit: string, key: string): string {
  const values = [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1] ?? '');
  const value = values.at(-1);
  if (value === undefined) throw new Error(`${UNIT} has no ${key}=`);
  return value.trim();
}

/** The unit's `Environment=KEY=value` settings (the last of each, as systemd takes it). */
export function unitEnvironment(unit: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of unit.matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)) env[m[1] ?? ''] = m[2] ?? '';
  return env;
}

/**
 * The unit's command for instance `port`, as systemd runs it: `%i` is the instance, `${NAME}` the
 * unit's `Environment=` value, and the install folder (/opt/campus-portal) is this checkout. So the
 * Node.js is the one the unit names: this checkout's node_modules/.bin/node, the install's choice.
 */
export function commandFor(port: number, dir = process.cwd()): string[] {
  const unit = readFileSync(UNIT, 'utf8');
  const env = unitEnvironment(unit);
  return unitSetting(unit, 'ExecStart')
    .split(/\s+/)
    .map((word) =>
      word
        .replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => env[name] ?? '')
        .replace('/opt/campus-portal', dir)
        .replace('%i', String(port)),
    );
}

/** The environment file template as the unit reads it, with the test's own stores and secrets. */
export function environment(overrides: Record<string, string>): Record<string, string> {
  const unit = readFileSync(UNIT, 'utf8');
  if (unitSetting(unit, 'EnvironmentFile') !== '/etc/campus-portal/campus-portal.env') {
    throw new Error(`${UNIT} reads another environment file than the template's place`);
  }
  return {
    PATH: process.env.PATH ?? '',
    ...parseEnv(readFileSync(ENV_TEMPLATE, 'utf8')),
    ...overrides,
  };
}

/**
 * The template's values (production, TRUST_PROXY=1, ...) but for what only a test can supply: its
 * stores (`DATABASE_URL`, a Redis key prefix of its own under `prefix`), a secret, the demo sign-in
 * instead of the university's provider, the sample data the journeys walk, then `overrides`.
 */
export function testEnvironment(
  { databaseUrl, dataDir, prefix }: { databaseUrl: string; dataDir: string; prefix: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  return environment({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? '',
    REDIS_KEY_PREFIX: `${prefix}:${randomBytes(6).toString('hex')}:`,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: dataDir,
    DEMO_SIGN_IN: '1',
    // The journeys walk the sample data, which the template leaves out for real people.
    SEED_SAMPLES: '1',
    OIDC_ISSUER: '',
    OIDC_CLIENT_ID: '',
    OIDC_CLIENT_SECRET: '',
    OIDC_REDIRECT_URI: '',
    OIDC_POST_LOGOUT_REDIRECT_URI: '',
    // The sample student information system: the template names the HTTP adapter a campus fills in.
    SIS_ADAPTER: 'sample',
    SIS_BASE_URL: '',
    SIS_TOKEN: '',
    CAMPUS_CONFIG: '',
    LOG_LEVEL: 'warn',
    ...overrides,
  });
}

export interface UnitProcess {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** What it wrote to standard output so far (the start-up report, its JSON log lines). */
  output: () => string;
}

/**
 * Starts one instance of the unit on `port` from the install folder `dir` (the unit's
 * WorkingDirectory, /opt/campus-portal; this checkout unless given); resolves once it serves.
 */
export function startInstance(
  port: number,
  env: Record<string, string>,
  dir = process.cwd(),
): Promise<UnitProcess> {
  const [command = '', ...args] = commandFor(port, dir);
  const child = spawn(command, args, { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/is serving /.test(out)) {
        resolve({ base: `http://127.0.0.1:${port}`, child, stop, output: () => out });
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`instance ${port} exited with ${code}: ${errors}`)),
    );
  });
}
