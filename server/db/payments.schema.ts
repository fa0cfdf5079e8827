import type { Generated } from 'kysely';

/** Migration 053 table (issue 89): times ISO-8601 UTC text, amounts in cents. */
export interface PaymentsTable {
  id: Generated<number>;
  person_id: number;
  amount_cents: number;
  currency: string;
  /** `touchnet`, `nelnet` or `link` (contract/payments.schema.ts). */
  provider: string;
  /** The portal's id the provider carries back (uPay `EXT_TRANS_ID`, QuikPAY `orderNumber`). */
  ext_trans_id: string;
  /** The provider's reference (uPay `tpg_trans_id`, QuikPAY `transactionId`), once it said. */
  provider_ref: string | null;
  /** The payment statechart's state (server/payments/payment.machine.ts). */
  state: string;
  /** The SIS balance when the payment was handed off. */
  balance_cents: number;
  /** The person who paid: the student, or a delegate's id. */
  acted_by: number;
  /** `self` or `delegate`. */
  acted_as: string;
  created_at: string;
  updated_at: string;
  received_at: string | null;
  posted_at: string | null;
}

export interface PaymentsSchema {
  payments: PaymentsTable;
}
