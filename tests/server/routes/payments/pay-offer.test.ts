import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { siteSchema } from '../../../../contract/campus.schema.js';
import { createTestApp } from '../../helpers/app.js';

const UPAY_URL = 'https://secure.touchnet.example.com/C21234_upay/web/index.jsp';
const touchnet = {
  PAYMENT_PROVIDER: 'touchnet',
  UPAY_URL,
  UPAY_SITE_ID: '7',
  UPAY_VALIDATION_KEY: 'Secr3tKey',
  UPAY_POSTING_KEY: 'posting-key-1234',
};

describe('what the browser is told of paying here (issue 89)', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  const campusOf = async (language: 'en' | 'es') => {
    const answer = await app.inject({ url: `/api/campus?language=${language}` });
    return siteSchema.parse(answer.json()).campus;
  };

  it('the campus answer names the configured provider and the limits of another amount, in each language', async () => {
    app = await createTestApp({ env: touchnet });
    for (const language of ['en', 'es'] as const) {
      expect((await campusOf(language)).finances.pay).toEqual({
        provider: 'touchnet',
        minimumCents: 100,
        maximumCents: 9_999_999,
      });
    }
  });

  it('with no provider the campus answer says the plain link, and Finances opens the payment site as before', async () => {
    app = await createTestApp({});
    expect((await campusOf('en')).finances.pay.provider).toBe('link');
  });

  it("the pages' CSP lets Pay's form post to the uPay site, and to nowhere else", async () => {
    app = await createTestApp({ env: touchnet });
    const page = await app.inject({ url: '/auth/login' });
    expect(page.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(UPAY_URL).origin};`,
    );
  });

  it("with QuikPAY, the pages' CSP lets Pay's form follow its answer's redirect to QuikPAY, and nowhere else (the form posted without scripts)", async () => {
    const quikpay = 'https://quikpayasp.com/campus/commerce_manager/payer.do';
    app = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'nelnet',
        NELNET_URL: quikpay,
        NELNET_ORDER_TYPE: 'Tuition',
        NELNET_SECRET: 'nelnet-shared-secret',
      },
    });
    const page = await app.inject({ url: '/auth/login' });
    expect(page.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(quikpay).origin};`,
    );
  });
});
