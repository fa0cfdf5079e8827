import { errorSchema } from '../../contract/error.schema.js';
import {
  paymentHandoffSchema,
  paymentsSchema,
  startPaymentSchema,
} from '../../contract/payments.schema.js';
import type { Payment, PaymentHandoff, StartPayment } from '../../contract/payments.schema.js';
import type { Http } from './client.js';
import { HttpStatusError } from './errors.js';

/** The portal refused the amount (400) or the payment (403, 409), with its reason. */
export class PaymentRefusedError extends Error {
  override name = 'PaymentRefusedError';
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** `GET /api/payments` (issue 89): the payments made here, newest first. */
export async function fetchPayments(http: Http): Promise<Payment[]> {
  return paymentsSchema.parse(await http.get('payments').json()).payments;
}

/** `POST /api/payments`: starts a payment of the chosen amount; how the browser goes to the provider. */
export async function startPayment(http: Http, choice: StartPayment): Promise<PaymentHandoff> {
  const json = startPaymentSchema.parse(choice);
  const answer = await http.post('payments', { json, throwHttpErrors: false });
  if (!answer.ok) {
    const refusal = errorSchema.safeParse(await answer.json().catch(() => null));
    if (refusal.success && [400, 403, 409].includes(answer.status)) {
      throw new PaymentRefusedError(answer.status, refusal.data.detail);
    }
    throw new HttpStatusError(answer.status, `Starting the payment failed (${answer.status})`);
  }
  return paymentHandoffSchema.parse(await answer.json());
}
