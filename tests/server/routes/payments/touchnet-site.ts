/** A uPay site as the tests configure it (TouchNet's validation and posting keys). */
export const touchnetSite = {
  siteId: '7',
  validationKey: 'Secr3tKey',
  encoding: 'hex' as const,
  postingKey: 'posting-key-1234',
};

/** The portal's environment for `touchnetSite` (PAYMENT_PROVIDER=touchnet). */
export const touchnetEnv = {
  PAYMENT_PROVIDER: 'touchnet',
  UPAY_URL: 'https://secure.touchnet.example.com/C21234_upay/web/index.jsp',
  UPAY_SITE_ID: touchnetSite.siteId,
  UPAY_VALIDATION_KEY: touchnetSite.validationKey,
  UPAY_VALIDATION_ENCODING: touchnetSite.encoding,
  UPAY_POSTING_KEY: touchnetSite.postingKey,
};
