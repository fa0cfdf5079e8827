import { z } from 'zod';

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
  BUILD_HASH: optional(z.string()).default('dev'),
  SIS_BASE_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })),
  SIS_TOKEN: optional(z.string()),
  SIS_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(120_000)).default(8000),
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
  /** The student information system: the HTTP adapter when `baseUrl` is set, else the sample one. */
  sis: { baseUrl: string | undefined; token: string | undefined; timeoutMs: number };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value or an unsafe combination stops the start with a reason. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
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
    buildHash: e.BUILD_HASH,
    sis: { baseUrl: e.SIS_BASE_URL, token: e.SIS_TOKEN, timeoutMs: e.SIS_TIMEOUT_MS },
  };
}
