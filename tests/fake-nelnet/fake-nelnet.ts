import { createHash, randomBytes } from 'node:crypto';

/** The parameters QuikPAY sends back, in order (the redirect's `redirectUrlParameters`). */
const BACK = [
  'transactionType',
  'transactionStatus',
  'transactionId',
  'transactionTotalAmount',
  'orderNumber',
];

const sha256 = (values: readonly string[], secret: string) =>
  createHash('sha256')
    .update(values.join('') + secret)
    .digest('hex');

/**
 * A double of Nelnet QuikPAY / Commerce Manager's redirect (issue 89), as campuses publish its
 * parameters (https://github.com/tallasse/uc_nelnet, uc_nelnet.module): it takes the signed redirect
 * (`orderType`, `orderNumber`, `amount` in cents, `redirectUrl`, `redirectUrlParameters`,
 * `retriesAllowed`, `timestamp`, `hash` = SHA-256 of the values in order and the secret), refuses one
 * whose hash does not match, and sends the browser back to `redirectUrl` with the result signed the
 * same way; it forges and replays results.
 */
export class FakeNelnet {
  private readonly taken = new Map<string, { amount: string; redirectUrl: string }>();
  private last: Record<string, string> | null = null;

  constructor(private readonly secret: string) {}

  receiveRedirect(fields: Array<{ name: string; value: string }>): { ok: boolean } {
    const signed = fields.filter((f) => f.name !== 'hash').map((f) => f.value);
    const hash = fields.find((f) => f.name === 'hash')?.value;
    if (hash !== sha256(signed, this.secret)) return { ok: false };
    const get = (name: string) => fields.find((f) => f.name === name)?.value ?? '';
    this.taken.set(get('orderNumber'), { amount: get('amount'), redirectUrl: get('redirectUrl') });
    return { ok: true };
  }

  /** The payer paid (`1`, accepted) or was refused (`2`): the signed redirect back, as a URL. */
  pay(orderNumber: string, now: Date, status: '1' | '2' = '1') {
    const order = this.taken.get(orderNumber);
    if (!order) throw new Error(`QuikPAY has no order ${orderNumber}`);
    const values: Record<string, string> = {
      transactionType: '1',
      transactionStatus: status,
      transactionId: `${randomBytes(4).readUInt32BE()}`,
      transactionTotalAmount: order.amount,
      orderNumber,
      timestamp: String(now.getTime()),
    };
    this.last = this.sign(values);
    return this.urlOf(order.redirectUrl, this.last);
  }

  /** The last result with `change` applied and its hash left as it was (someone made it up). */
  forge(change: Record<string, string>) {
    if (!this.last) throw new Error('nothing to forge from');
    return { ...this.last, ...change };
  }

  /** The last result, sent again. */
  replay() {
    if (!this.last) throw new Error('nothing to replay');
    return { ...this.last };
  }

  /** `values` signed as QuikPAY signs its redirect back. */
  sign(values: Record<string, string>) {
    const order = [...BACK, 'timestamp'].map((n) => values[n] ?? '');
    return { ...values, hash: sha256(order, this.secret) };
  }

  private urlOf(base: string, values: Record<string, string>) {
    const url = new URL(base);
    for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
    return url;
  }
}
