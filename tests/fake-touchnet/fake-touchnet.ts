import { createHash, randomBytes } from 'node:crypto';

/**
 * A double of a TouchNet Marketplace uPay site (issue 89), as TouchNet's "Marketplace uPay
 * Technical Guide" describes it: §1.0, the form a campus application posts (UPAY_SITE_ID,
 * EXT_TRANS_ID, AMT, VALIDATION_KEY = MD5(validation key + EXT_TRANS_ID + AMT), SUCCESS_LINK,
 * CANCEL_LINK, ERROR_LINK); §2.0, the result it posts to the site's posting URL (posting_key,
 * tpg_trans_id, session_identifier, pmt_status, pmt_amt, pmt_date, name_on_acct, EXT_TRANS_ID).
 * It takes a payment, posts its result, forges one, and replays one; the caller delivers each
 * posting (to an app in a test, over HTTP in a journey).
 */
export class FakeTouchnet {
  private readonly taken = new Map<
    string,
    { amt: string; links: { success: string; cancel: string; error: string } }
  >();
  readonly postings: Array<Record<string, string>> = [];

  constructor(
    private readonly site: {
      siteId: string;
      validationKey: string;
      encoding: 'base64' | 'hex';
      postingKey: string;
    },
  ) {}

  /**
   * The uPay site receiving the campus form: refused (as uPay shows its error page) unless the site
   * id is its own and VALIDATION_KEY matches the amount, so a tampered AMT never reaches a card form.
   */
  receiveForm(fields: Record<string, string>): { ok: true } | { ok: false; reason: string } {
    const { UPAY_SITE_ID, EXT_TRANS_ID = '', AMT = '', VALIDATION_KEY } = fields;
    if (UPAY_SITE_ID !== this.site.siteId) return { ok: false, reason: 'unknown site' };
    const expected = createHash('md5')
      .update(`${this.site.validationKey}${EXT_TRANS_ID}${AMT}`)
      .digest(this.site.encoding);
    if (VALIDATION_KEY !== expected) return { ok: false, reason: 'validation key mismatch' };
    this.taken.set(EXT_TRANS_ID, {
      amt: AMT,
      links: {
        success: fields.SUCCESS_LINK ?? '',
        cancel: fields.CANCEL_LINK ?? '',
        error: fields.ERROR_LINK ?? '',
      },
    });
    return { ok: true };
  }

  /** The payer paid (or cancelled): the posting uPay sends the posting URL, and where the browser goes. */
  pay(extTransId: string, status: 'success' | 'cancelled' = 'success') {
    const payment = this.taken.get(extTransId);
    if (!payment) throw new Error(`uPay has no payment ${extTransId}`);
    const posting = {
      posting_key: this.site.postingKey,
      tpg_trans_id: `TPG${randomBytes(6).toString('hex').toUpperCase()}`,
      session_identifier: randomBytes(12).toString('hex'),
      pmt_status: status,
      pmt_amt: payment.amt,
      pmt_date: '12/03/2026',
      name_on_acct: 'Ana Valencia',
      EXT_TRANS_ID: extTransId,
    };
    this.postings.push(posting);
    return {
      posting,
      browserTo: status === 'success' ? payment.links.success : payment.links.cancel,
    };
  }

  /** A posting someone else made up: the last real one with `change` applied. */
  forge(change: Record<string, string>) {
    const last = this.postings.at(-1);
    if (!last) throw new Error('nothing to forge from');
    return { ...last, ...change };
  }

  /** The last posting, sent again as uPay does when it did not see a 200. */
  replay() {
    const last = this.postings.at(-1);
    if (!last) throw new Error('nothing to replay');
    return { ...last };
  }
}

/** A posting as uPay sends it: an HTML form's body. */
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
