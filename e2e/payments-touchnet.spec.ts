import { paymentJourneys } from './payments-journey.js';

/** Issue 89: paying the bill through TouchNet Marketplace uPay's double (e2e/payment-doubles.ts). */
paymentJourneys('touchnet');
