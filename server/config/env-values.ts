/**
 * The value schemas every part of the environment shares (config/env.ts and each variant's settings
 * module: an SIS adapter, an LMS source), and the one refusal a configuration ends in.
 */
import { z } from 'zod';
import { hasCredentials } from '../net/printable-url.js';

/** Treats an empty variable as unset, so `FOO=` behaves like no FOO at all. */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
export const positiveInt = z.coerce.number().int().min(1);
/**
 * The one refusal of an address with a user part (`https://user:pw@host`), for every URL variable:
 * a password in an address is printed and logged with it, and each secret has its own variable
 * (ETHOS_API_KEY, SIS_TOKEN, OIDC_CLIENT_SECRET…). DATABASE_URL, REDIS_URL and SMTP_URL, whose
 * drivers take their sign-in there, keep it, and are printed without it (`printableUrl`).
 */
export const withoutCredentials = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !hasCredentials(v), {
    error: 'must not hold a user name or password: the secret has its own setting',
  });
export const httpUrl = withoutCredentials(
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
);
/** A configuration the server refuses to start with; its message says which variable and why. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A refusal of the configuration, with its reason. */
export const refuse = (reason: string) => new ConfigError(`Invalid configuration:\n  ${reason}`);

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Plain http is only acceptable to a server on this machine (a local test provider). */
export const isSafeUrl = (url: URL) => url.protocol === 'https:' || LOOPBACK.has(url.hostname);
