import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { campusSchema, defaultCampus } from '../contract/campus.schema.js';
import type { Campus } from '../contract/campus.schema.js';

/** Treats an empty variable as unset, so `FOO=` behaves like no FOO at all. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads. The README documents each one. */
export const envSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  HOST: optional(z.string()).default('127.0.0.1'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(8080),
  DATA_DIR: optional(z.string()).default('./data'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DEMO_SIGN_IN: optional(flag),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ).default('info'),
  CLIENT_DIR: optional(z.string()).default('dist/client'),
  BUILD_HASH: optional(z.string()),
  CAMPUS_CONFIG: optional(z.string()),
  MAINTENANCE: optional(flag).default(false),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  demoSignIn: boolean;
  logLevel: string;
  clientDir: string;
  buildHash: string;
  /** The university's names, addresses and links (contract/campus.schema.ts). */
  campus: Campus;
  /** Every /api call answers 503, so the portal shows its maintenance screen. */
  maintenance: boolean;
}

export interface ConfigFiles {
  /** `dist/build.json`, written by `npm run build` with the git short hash. */
  buildStamp?: string | URL;
}

/** The stamp sits next to the compiled server: dist/server/config.js → dist/build.json. */
const defaultBuildStamp = new URL('../build.json', import.meta.url);

/** The short hash the last build recorded, or undefined when there is no readable stamp. */
export function readBuildHash(stamp: string | URL = defaultBuildStamp): string | undefined {
  try {
    const parsed = z
      .object({ hash: z.string().min(1) })
      .safeParse(JSON.parse(readFileSync(stamp, 'utf8')));
    return parsed.success ? parsed.data.hash : undefined;
  } catch {
    return undefined;
  }
}

/** Reads and checks the `CAMPUS_CONFIG` JSON file; unset means the placeholder defaults. */
export function readCampusConfig(file: string | undefined): Campus {
  if (!file) return defaultCampus;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      `Invalid configuration:\n  CAMPUS_CONFIG: cannot read ${file}: ${reason}`,
    );
  }
  const parsed = campusSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `CAMPUS_CONFIG ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value or an unsafe combination stops the start with a reason. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  files: ConfigFiles = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demoSignIn = e.DEMO_SIGN_IN ?? !production;
  if (production && !demoSignIn) {
    throw new ConfigError(
      'Refusing to start: NODE_ENV=production has no sign-in method. Configure OpenID Connect, ' +
        'or set DEMO_SIGN_IN=1 to allow the demo sign-in page (anyone can sign in as any persona).',
    );
  }
  if (!demoSignIn) {
    throw new ConfigError('Refusing to start: DEMO_SIGN_IN=0 leaves no sign-in method configured.');
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demoSignIn,
    logLevel: e.LOG_LEVEL,
    clientDir: e.CLIENT_DIR,
    buildHash: e.BUILD_HASH ?? readBuildHash(files.buildStamp) ?? 'dev',
    campus: readCampusConfig(e.CAMPUS_CONFIG),
    maintenance: e.MAINTENANCE,
  };
}
