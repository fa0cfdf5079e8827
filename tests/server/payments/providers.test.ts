import { describe, expect, it } from 'vitest';
import { Secret } from '../../../server/config/secret.js';
import { nelnetProvider, quikpayHash } from '../../../server/payments/nelnet.js';
import { plainLinkProvider } from '../../../server/payments/plain-link.js';
import { centsOf, dollars } from '../../../server/payments/port.js';
import { touchnetProvider, validationKey } from '../../../server/payments/touchnet.js';

const links = {
  success: 'https://portal.example.edu/finances/payments/return/success',
  cancel: 'https://portal.example.edu/finances/payments/return/cancel',
  error: 'https://portal.example.edu/finances/payments/return/error',
};

const upay = (encoding: 'base64' | 'hex', postingFrom: string[] = []) =>
  touchnetProvider({
    url: 'https://secure.touchnet.example.com/C21234_upay/web/index.jsp',
    siteId: '7',
    validationKey: new Secret('Secr3tKey'),
    validationEncoding: encoding,
    postingKey: new Secret('posting-key-1234'),
    postingFrom,
  });

const posting = (more: Record<string, string> = {}) => ({
  posting_key: 'posting-key-1234',
  tpg_trans_id: 'TPG998877',
  session_identifier: 'S1',
  pmt_status: 'success',
  pmt_amt: '250.00',
  pmt_date: '12/03/2026',
  EXT_TRANS_ID: 'A1B2C3',
  ...more,
});

describe('TouchNet uPay', () => {
  // MD5("Secr3tKey" + "A1B2C3" + "250.00"), computed independently with openssl dgst -md5.
  it('VALIDATION_KEY is MD5(key + EXT_TRANS_ID + AMT), in Base64 or hex as the campus chooses', () => {
    expect(validationKey('Secr3tKey', 'A1B2C3', '250.00', 'base64')).toBe(
      'gaHx+B0woUTg7dOJSf5Twg==',
    );
    expect(validationKey('Secr3tKey', 'A1B2C3', '250.00', 'hex')).toBe(
      '81a1f1f81d30a144e0edd38949fe53c2',
    );
  });

  it('hands the browser a form POST with the site, the id, the amount, the key and the three links', () => {
    const form = upay('hex').handoff(
      { extTransId: 'A1B2C3', amountCents: 25_000 },
      links,
      new Date(),
    );
    expect(form.method).toBe('POST');
    expect(Object.fromEntries(form.fields.map((f) => [f.name, f.value]))).toEqual({
      UPAY_SITE_ID: '7',
      EXT_TRANS_ID: 'A1B2C3',
      AMT: '250.00',
      VALIDATION_KEY: '81a1f1f81d30a144e0edd38949fe53c2',
      SUCCESS_LINK: links.success,
      CANCEL_LINK: links.cancel,
      ERROR_LINK: links.error,
    });
  });

  it('a posting with the right posting_key is read: id, amount in cents, tpg_trans_id, outcome', () => {
    expect(upay('base64').checkPosting(posting(), '10.0.0.9')).toEqual({
      ok: true,
      result: {
        extTransId: 'A1B2C3',
        amountCents: 25_000,
        providerRef: 'TPG998877',
        outcome: 'confirmed',
      },
    });
    const cancelled = upay('base64').checkPosting(posting({ pmt_status: 'cancelled' }), '10.0.0.9');
    expect(cancelled.ok && cancelled.result.outcome).toBe('cancelled');
  });

  it('a forged posting (wrong or missing posting_key) is refused', () => {
    expect(
      upay('base64').checkPosting(posting({ posting_key: 'posting-key-1235' }), '1.2.3.4'),
    ).toEqual({
      ok: false,
      reason: 'wrong-key',
    });
    const { posting_key: _, ...without } = posting();
    expect(upay('base64').checkPosting(without, '1.2.3.4')).toEqual({
      ok: false,
      reason: 'wrong-key',
    });
  });

  it('with an allow-list, a posting from another address is refused even with the right key', () => {
    const provider = upay('base64', ['192.0.2.10']);
    expect(provider.checkPosting(posting(), '192.0.2.11')).toEqual({
      ok: false,
      reason: 'sender-not-allowed',
    });
    expect(provider.checkPosting(posting(), '192.0.2.10').ok).toBe(true);
  });

  it('a posting with an unreadable amount, id or status is refused as malformed', () => {
    const bads: Record<string, string>[] = [
      { pmt_amt: '250,00' },
      { EXT_TRANS_ID: 'A-1' },
      { pmt_status: 'pending' },
    ];
    for (const bad of bads) {
      expect(upay('base64').checkPosting(posting(bad), '1.2.3.4')).toEqual({
        ok: false,
        reason: 'malformed',
      });
    }
  });
});

describe('Nelnet QuikPAY', () => {
  const secret = 'nelnet-shared-secret!';
  const provider = nelnetProvider({
    url: 'https://quikpayasp.com/campus/commerce_manager/payer.do',
    orderType: 'Tuition',
    secret: new Secret(secret),
    maxAgeSeconds: 300,
  });
  const now = new Date(1_700_000_000_000 + 60_000);
  const back = (more: Record<string, string> = {}) => {
    const query: Record<string, string> = {
      transactionType: '1',
      transactionStatus: '1',
      transactionId: 'T1234',
      transactionTotalAmount: '25000',
      orderNumber: 'A1B2C3',
      timestamp: '1700000000000',
      ...more,
    };
    const order = [
      'transactionType',
      'transactionStatus',
      'transactionId',
      'transactionTotalAmount',
      'orderNumber',
      'timestamp',
    ];
    return {
      ...query,
      hash: quikpayHash(
        order.map((n) => query[n] ?? ''),
        secret,
      ),
    };
  };

  // SHA-256 of the values in order and the secret, computed independently with openssl dgst -sha256.
  it('the hash is SHA-256 over the parameter values in order, then the secret', () => {
    expect(quikpayHash(['1', '1', 'T1234', '25000', 'A1B2C3', '1700000000000'], secret)).toBe(
      '123f6912112413e33ea9c945909bbecc1af903c97b1cbf0bfc3dedb1460d9a07',
    );
  });

  it('the redirect carries the order, the amount in cents, the return address, a timestamp and its hash', () => {
    const at = new Date(1_700_000_000_000);
    const redirect = provider.handoff({ extTransId: 'A1B2C3', amountCents: 25_000 }, links, at);
    const fields = redirect.fields.map((f) => f.value);
    expect(redirect.method).toBe('GET');
    expect(redirect.fields.map((f) => f.name)).toEqual([
      'orderType',
      'orderNumber',
      'amount',
      'redirectUrl',
      'redirectUrlParameters',
      'retriesAllowed',
      'timestamp',
      'hash',
    ]);
    expect(fields.slice(0, 3)).toEqual(['Tuition', 'A1B2C3', '25000']);
    expect(fields[6]).toBe('1700000000000');
    expect(fields[7]).toBe(quikpayHash(fields.slice(0, 7), secret));
  });

  it('a signed redirect back is read; an altered value or a wrong secret is refused', () => {
    expect(provider.checkReturn(back(), now)).toEqual({
      ok: true,
      result: {
        extTransId: 'A1B2C3',
        amountCents: 25_000,
        providerRef: 'T1234',
        outcome: 'confirmed',
      },
    });
    expect(provider.checkReturn({ ...back(), transactionTotalAmount: '2500000' }, now)).toEqual({
      ok: false,
      reason: 'wrong-signature',
    });
    expect(provider.checkReturn({ ...back(), hash: quikpayHash(['x'], 'other') }, now).ok).toBe(
      false,
    );
  });

  it('a stale timestamp is refused even when signed', () => {
    const late = new Date(1_700_000_000_000 + 301_000);
    expect(provider.checkReturn(back(), late)).toEqual({ ok: false, reason: 'stale' });
  });

  it('a rejected payment reads as failed', () => {
    const rejected = provider.checkReturn(back({ transactionStatus: '2' }), now);
    expect(rejected.ok && rejected.result.outcome).toBe('failed');
  });
});

describe('a plain link and amounts as the providers write them', () => {
  it('the plain link opens the campus payment site and records nothing to sign', () => {
    expect(
      plainLinkProvider('https://pay.campus.example.edu/').handoff(
        { extTransId: 'X', amountCents: 1 },
        links,
        new Date(),
      ),
    ).toEqual({
      method: 'GET',
      url: 'https://pay.campus.example.edu/',
      fields: [],
    });
  });

  it('writes cents as dollars and reads them back', () => {
    expect(dollars(25_000)).toBe('250.00');
    expect(dollars(5)).toBe('0.05');
    expect(centsOf('250.5')).toBe(25_050);
    expect(centsOf('250')).toBe(25_000);
    expect(centsOf('1e3')).toBeNull();
  });
});
