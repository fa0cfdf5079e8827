import { paymentJourneys } from './payments-journey.js';

/** Issue 89: paying the bill through Nelnet QuikPAY's double (e2e/payment-doubles.ts). */
paymentJourneys('nelnet');
