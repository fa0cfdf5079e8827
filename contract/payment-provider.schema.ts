import { z } from 'zod';

/**
 * Which provider pays, and the most one payment carries: apart from the payments' own schemas, as
 * the campus answer the portal reads at start needs only these (the first route's budget).
 */
/** The providers a campus may configure; `link` is a plain link to the campus's own payment site. */
export const PAYMENT_PROVIDERS = ['touchnet', 'nelnet', 'link'] as const;
export const paymentProviderSchema = /* @__PURE__ */ z.enum(PAYMENT_PROVIDERS);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** The most cents one payment may carry: uPay's own ceiling, $99,999.99 (uPay Technical Guide, `pmt_amt`). */
export const MAX_PAYMENT_CENTS = 9_999_999;
