import type { PaymentSettings } from '../config/payments.js';
import { nelnetProvider } from './nelnet.js';
import { plainLinkProvider } from './plain-link.js';
import { touchnetProvider } from './touchnet.js';

/** The configured provider (PAYMENT_PROVIDER); the plain link opens the campus's `finances.payOnline`. */
export function providerFor(settings: PaymentSettings, payOnline: string) {
  switch (settings.kind) {
    case 'touchnet':
      return touchnetProvider(settings);
    case 'nelnet':
      return nelnetProvider(settings);
    case 'link':
      return plainLinkProvider(payOnline);
  }
}

/** The portal's paths the provider sends the browser back to, and its results to (docs/operations.md "Payments"). */
export const PAYMENT_PATHS = {
  /** The browser's return: never a proof of payment ("Waiting for confirmation"). */
  return: '/api/payments/return',
  /** uPay's posting URL, server to server: give this address to the uPay site. */
  touchnetPosting: '/api/payments/touchnet/posting',
  /** QuikPAY's redirect back (signed), and the same parameters posted server to server. */
  nelnetReturn: '/api/payments/nelnet/return',
  nelnetNotify: '/api/payments/nelnet/notify',
} as const;
