import { z } from 'zod';
import { MAX_PAYMENT_CENTS, paymentProviderSchema } from './payment-provider.schema.js';

/**
 * Paying the bill (issue 89): a payment's states, as the payment statechart names them
 * (`server/payments/payment.machine.ts`): handed off to the provider's page, received (the provider
 * confirmed it, server to server), posted (the SIS balance dropped by it); or cancelled, failed,
 * expired. The browser's return alone never moves a payment.
 */
export const PAYMENT_STATES = [
  'handedOff',
  'received',
  'posted',
  'cancelled',
  'failed',
  'expired',
] as const;
export const paymentStateSchema = /* @__PURE__ */ z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof paymentStateSchema>;

export {
  MAX_PAYMENT_CENTS,
  paymentProviderSchema,
  type PaymentProvider,
} from './payment-provider.schema.js';

/**
 * `POST /api/payments`: which amount the student chose: the amount due now, the whole balance, or
 * another amount (in cents) within the campus's limits.
 */
export const startPaymentSchema = /* @__PURE__ */ z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('due') }),
  z.object({ choice: z.literal('balance') }),
  z.object({
    choice: z.literal('other'),
    amount_cents: z.number().int().min(1).max(MAX_PAYMENT_CENTS),
  }),
]);
export type StartPayment = z.infer<typeof startPaymentSchema>;

const fieldSchema = /* @__PURE__ */ z.object({
  name: z.string().min(1).max(64),
  value: z.string().max(2048),
});

/**
 * What the browser does next: submit a form to the provider's page (uPay: a POST), follow a
 * redirect (QuikPAY: a signed GET), or open the campus's payment site (a plain link).
 */
export const paymentHandoffSchema = /* @__PURE__ */ z.object({
  /** The payment recorded; null for a plain link, whose site tells the portal nothing. */
  id: z.number().int().positive().nullable(),
  method: z.enum(['POST', 'GET']),
  url: z.url({ protocol: /^https?$/ }),
  fields: z.array(fieldSchema).max(32),
});
export type PaymentHandoff = z.infer<typeof paymentHandoffSchema>;

/** One payment made here, as "Payments made here" lists it. */
export const paymentSchema = /* @__PURE__ */ z.object({
  id: z.number().int().positive(),
  amount_cents: z.number().int().min(1).max(MAX_PAYMENT_CENTS),
  currency: z.literal('USD'),
  provider: paymentProviderSchema,
  /** The provider's own reference (uPay's `tpg_trans_id`, QuikPAY's `transactionId`), once it said. */
  reference: z.string().max(64).nullable(),
  state: paymentStateSchema,
  created_at: z.iso.datetime(),
  received_at: z.iso.datetime().nullable(),
  posted_at: z.iso.datetime().nullable(),
  /** Whether someone the student shares Finances with made it (a delegate), not the student. */
  by_delegate: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** The most payments "Payments made here" lists: the newest first. */
export const PAYMENTS_LISTED = 50;

/** `GET /api/payments`: the person's payments, newest first. */
export const paymentsSchema = /* @__PURE__ */ z.object({
  payments: z.array(paymentSchema).max(PAYMENTS_LISTED),
});
export type Payments = z.infer<typeof paymentsSchema>;

/**
 * `POST /payments/pay`, the Pay form posted without scripts (issue 89): its fields as the browser
 * sends them (form-encoded, every value text), the session's CSRF token among them.
 */
export const payFormFieldsSchema = /* @__PURE__ */ z.object({
  csrf: z.string().max(128).optional(),
  choice: z.string().max(16).optional(),
  amount: z.string().max(32).optional(),
});
export type PayFormFields = z.infer<typeof payFormFieldsSchema>;

/** "$1,250.50", "1250.5" or "1250" as cents; anything else is no amount. */
const dollarsSchema = /* @__PURE__ */ z
  .string()
  .transform((text) => text.replace(/[$,\s]/g, ''))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/))
  .transform((text) => Math.round(Number(text) * 100))
  .pipe(z.number().int().min(1).max(MAX_PAYMENT_CENTS));

/** The form's fields as the JSON route's choice (`startPaymentSchema`), "another amount" in dollars. */
export const payFormChoiceSchema = /* @__PURE__ */ z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('due') }),
  z.object({ choice: z.literal('balance') }),
  z
    .object({ choice: z.literal('other'), amount: dollarsSchema })
    .transform(({ amount }) => ({ choice: 'other' as const, amount_cents: amount })),
]);
