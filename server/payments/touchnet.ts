/**
 * TouchNet Marketplace uPay (issue 89). Field names and meanings from TouchNet's "Marketplace uPay
 * Technical Guide", §1.0 "Passing Parameters to Your uPay Site" and §2.0 "Using a Posting URL" (as
 * campuses publish it: https://confluence.esg.wsu.edu/display/KB/UPay+-+Post+Back+Processing for
 * the posting's parameters; https://uci.atlassian.net/wiki/pages/diffpages.action?pageId=31377008
 * for the site parameters, and that an EXT_TRANS_ID may not hold a hyphen).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Secret } from '../config/secret.js';
import { centsOf, dollars } from './port.js';
import type { Checked, PaymentPort, PaymentToHand, ReturnLinks } from './port.js';

export interface TouchnetSettings {
  url: string;
  siteId: string;
  validationKey: Secret;
  validationEncoding: 'base64' | 'hex';
  postingKey: Secret;
  postingFrom: string[];
}

/**
 * The guide's VALIDATION_KEY: MD5 over the site's validation key, EXT_TRANS_ID and AMT, joined
 * without separators; written in Base64 (the guide's form) or hex, as the site is set up.
 */
export function validationKey(
  key: string,
  extTransId: string,
  amt: string,
  encoding: 'base64' | 'hex',
): string {
  return createHash('md5').update(`${key}${extTransId}${amt}`, 'utf8').digest(encoding);
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

export function touchnetProvider(settings: TouchnetSettings): PaymentPort<'touchnet'> & {
  checkPosting(fields: Record<string, string>, sender: string): Checked;
} {
  return {
    kind: 'touchnet',
    handoff(payment: PaymentToHand, links: ReturnLinks) {
      const amt = dollars(payment.amountCents);
      const key = settings.validationKey.reveal();
      return {
        method: 'POST' as const,
        url: settings.url,
        fields: [
          // Guide §1.0: the uPay site that takes the payment (required).
          { name: 'UPAY_SITE_ID', value: settings.siteId },
          // Guide §1.0: the campus application's id for the transaction, posted back as sent.
          { name: 'EXT_TRANS_ID', value: payment.extTransId },
          // Guide §1.0: the amount, dollars and cents; fixed (the payer cannot change it).
          { name: 'AMT', value: amt },
          // Guide §1.0: MD5(validation key + EXT_TRANS_ID + AMT), so AMT cannot be altered.
          {
            name: 'VALIDATION_KEY',
            value: validationKey(key, payment.extTransId, amt, settings.validationEncoding),
          },
          // Guide §1.0: where the payer's browser goes after a payment, a cancel, an error.
          { name: 'SUCCESS_LINK', value: links.success },
          { name: 'CANCEL_LINK', value: links.cancel },
          { name: 'ERROR_LINK', value: links.error },
        ],
      };
    },
    /**
     * Guide §2.0: the result uPay posts to the posting URL, server to server. `posting_key` is the
     * site's Additional Posting Value; `tpg_trans_id` the Payment Gateway's reference; `pmt_status`
     * "success" or "cancelled"; `pmt_amt` the amount processed; `EXT_TRANS_ID` as the portal sent it.
     */
    checkPosting(fields, sender) {
      if (settings.postingFrom.length > 0 && !settings.postingFrom.includes(sender)) {
        return { ok: false, reason: 'sender-not-allowed' };
      }
      const postingKey = fields.posting_key ?? '';
      if (!sameSecret(postingKey, settings.postingKey.reveal())) {
        return { ok: false, reason: 'wrong-key' };
      }
      const extTransId = fields.EXT_TRANS_ID ?? '';
      const providerRef = fields.tpg_trans_id ?? '';
      const amountCents = centsOf(fields.pmt_amt ?? '');
      const status = fields.pmt_status;
      if (
        !/^[A-Za-z0-9]{1,64}$/.test(extTransId) ||
        !/^[A-Za-z0-9]{1,64}$/.test(providerRef) ||
        amountCents === null ||
        (status !== 'success' && status !== 'cancelled')
      ) {
        return { ok: false, reason: 'malformed' };
      }
      const outcome = status === 'success' ? 'confirmed' : 'cancelled';
      return { ok: true, result: { extTransId, amountCents, providerRef, outcome } };
    },
  };
}
