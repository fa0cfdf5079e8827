import { z } from 'zod';
import { ConfigError, httpUrl, optional, withoutCredentials } from './env-values.js';
import { Secret } from './secret.js';

/** A comma-separated list of sender addresses (IPv4 or IPv6, no ranges), blanks dropped. */
const addressList = z.string().transform((v, ctx) => {
  const list = v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (list.some((a) => !/^[0-9a-fA-F.:]{2,45}$/.test(a))) {
    ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of IP addresses' });
    return z.NEVER;
  }
  return list;
});

/**
 * The payment provider's variables (issue 89; docs/operations.md "Payments"). Secrets are read
 * from here only and held as `Secret`s. The names of the provider's own parameters are cited
 * beside their use in server/payments/.
 */
export const paymentsEnv = {
  /** `touchnet` (Marketplace uPay), `nelnet` (QuikPAY / Commerce Manager), or `link` (the campus's payment site). */
  PAYMENT_PROVIDER: optional(z.enum(['touchnet', 'nelnet', 'link'])).default('link'),
  /** The uPay site's address the browser's form is posted to. */
  UPAY_URL: optional(httpUrl),
  /** uPay's `UPAY_SITE_ID`: the site's number in Marketplace. */
  UPAY_SITE_ID: optional(z.string().regex(/^[0-9]{1,10}$/, 'must be the uPay site number')),
  /** The uPay site's validation key: VALIDATION_KEY = MD5(key + EXT_TRANS_ID + AMT). */
  UPAY_VALIDATION_KEY: optional(withoutCredentials(z.string().min(8).max(128))),
  /** How the site expects VALIDATION_KEY written: `base64` (uPay's default) or `hex`. */
  UPAY_VALIDATION_ENCODING: optional(z.enum(['base64', 'hex'])).default('base64'),
  /** uPay's `posting_key`: the Additional Posting Value the site sends with every result. */
  UPAY_POSTING_KEY: optional(z.string().min(8).max(30)),
  /** Optional: the only addresses a uPay result may come from. */
  UPAY_POSTING_FROM: optional(addressList).default([]),
  /** The QuikPAY / Commerce Manager address the browser is redirected to. */
  NELNET_URL: optional(httpUrl),
  /** QuikPAY's `orderType`: which of the campus's order types this payment is. */
  NELNET_ORDER_TYPE: optional(z.string().min(1).max(32)),
  /** The shared secret both hashes end with. */
  NELNET_SECRET: optional(z.string().min(16).max(256)),
  /** How old a redirect back's `timestamp` may be, in seconds, before it is refused. */
  NELNET_MAX_AGE_SECONDS: optional(z.coerce.number().int().min(30).max(3600)).default(300),
};

/** The parsed payment variables (a part of config/env.ts's). */
type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

/** The provider the portal hands students to, with its settings; secrets as `Secret`s. */
export type PaymentSettings =
  | {
      kind: 'touchnet';
      url: string;
      siteId: string;
      validationKey: Secret;
      validationEncoding: 'base64' | 'hex';
      postingKey: Secret;
      postingFrom: string[];
    }
  | { kind: 'nelnet'; url: string; orderType: string; secret: Secret; maxAgeSeconds: number }
  | { kind: 'link' };

const need = (provider: string, names: Record<string, unknown>) => {
  const missing = Object.entries(names)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_PROVIDER=${provider} needs ${missing.join(', ')}`,
    );
  }
};

/** The payment provider's settings, checked: a provider chosen without its settings stops the start. */
export function paymentsConfig(e: PaymentsEnv): { payment: PaymentSettings } {
  if (e.PAYMENT_PROVIDER === 'touchnet') {
    need('touchnet', {
      UPAY_URL: e.UPAY_URL,
      UPAY_SITE_ID: e.UPAY_SITE_ID,
      UPAY_VALIDATION_KEY: e.UPAY_VALIDATION_KEY,
      UPAY_POSTING_KEY: e.UPAY_POSTING_KEY,
    });
    return {
      payment: {
        kind: 'touchnet',
        url: e.UPAY_URL ?? '',
        siteId: e.UPAY_SITE_ID ?? '',
        validationKey: new Secret(e.UPAY_VALIDATION_KEY ?? ''),
        validationEncoding: e.UPAY_VALIDATION_ENCODING,
        postingKey: new Secret(e.UPAY_POSTING_KEY ?? ''),
        postingFrom: e.UPAY_POSTING_FROM,
      },
    };
  }
  if (e.PAYMENT_PROVIDER === 'nelnet') {
    need('nelnet', {
      NELNET_URL: e.NELNET_URL,
      NELNET_ORDER_TYPE: e.NELNET_ORDER_TYPE,
      NELNET_SECRET: e.NELNET_SECRET,
    });
    return {
      payment: {
        kind: 'nelnet',
        url: e.NELNET_URL ?? '',
        orderType: e.NELNET_ORDER_TYPE ?? '',
        secret: new Secret(e.NELNET_SECRET ?? ''),
        maxAgeSeconds: e.NELNET_MAX_AGE_SECONDS,
      },
    };
  }
  return { payment: { kind: 'link' } };
}
