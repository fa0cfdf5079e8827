import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Campus } from '../../contract/campus.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { MAX_PAYMENT_CENTS } from '../../contract/payments.schema.js';
import type { PaymentProvider } from '../../contract/payments.schema.js';
import { ConfigError } from './env-values.js';

/**
 * The campus configuration's `payments` part, server-only (issue 89): the least and the most one
 * payment made here may be (in cents; "another amount" must fall between them), and how many days
 * a payment the provider confirmed may wait for the SIS to post it before staff are told on /admin.
 */
const campusPaymentsSchema = z
  .object({
    minimumCents: z.number().int().min(1).max(MAX_PAYMENT_CENTS).default(100),
    maximumCents: z.number().int().min(1).max(MAX_PAYMENT_CENTS).default(MAX_PAYMENT_CENTS),
    confirmationDays: z.number().int().min(1).max(60).default(5),
    /** How long a handed-off payment may wait for its provider's result before it expires. */
    handoffHours: z.number().int().min(1).max(168).default(24),
  })
  .refine((p) => p.minimumCents <= p.maximumCents, {
    error: 'minimumCents must not be above maximumCents',
  })
  .prefault({});

export type CampusPayments = z.infer<typeof campusPaymentsSchema>;

/** Reads `payments` from the `CAMPUS_CONFIG` file (already read and checked as JSON by campus.ts). */
export function readCampusPayments(file: string | undefined): CampusPayments {
  const raw: unknown = file ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const part = z.looseObject({ payments: z.unknown() }).safeParse(raw);
  const parsed = campusPaymentsSchema.safeParse(part.success ? part.data.payments : undefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `CAMPUS_CONFIG payments.${i.path.join('.')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/**
 * The campus answer's `finances.pay` (issue 89), in each language: the configured provider and
 * the limits "another amount" must keep to, so Finances shows the Pay form (or the plain link).
 */
export function withPayOffer<C extends { finances: Campus['finances'] }>(
  campuses: Record<Language, C>,
  provider: PaymentProvider,
  limits: Pick<CampusPayments, 'minimumCents' | 'maximumCents'>,
): Record<Language, C> {
  const pay = { provider, minimumCents: limits.minimumCents, maximumCents: limits.maximumCents };
  const withPay = (campus: C): C => ({ ...campus, finances: { ...campus.finances, pay } });
  return { en: withPay(campuses.en), es: withPay(campuses.es) };
}
