import type { SisRecordInput } from '../sis/sample-record.js';

/** Demo account summary, financial aid and nudges (next-steps.md §3). */
export const demoFinances = {
  'financial-account-summary': {
    ENROLLED_PPLAN: 'N',
    PPLAN_TERM: null,
    CHARGES_DETAIL: {
      CHARGES_BALANCE: 1250,
      CHARGES_PAYMENTS_RXD: 2000,
      CHARGES_NEW_ACTIVITY: 3250,
      CHARGES_ANTICIPATED_AID: 1000,
      CHARGES_REFUNDS: 0,
      CHARGES_AMOUNT_DUE: 250,
    },
  },
  'financial-aid-info': {
    FINAID_DETAIL: [
      {
        AIDY: '2627',
        DISPLAY_AIDY: '2026-2027',
        FAFSA_DESC: 'FAFSA received',
        FAFSA_IND: 'Y',
        STUREQ_DESC: 'All requirements complete',
        STUREQ_IND: 'Y',
        SAP_IND: 'Y',
        SAP_CODE: 'G',
        SAP_DESC: 'Meeting satisfactory academic progress',
      },
    ],
    FINAID_MSG: 'This is sample financial aid information.',
  },
  nudges: (
    [
      ['APC', 'Complete your academic plan'],
      ['CONTACT_INFO', 'Confirm your contact information'],
      ['EMERGENCY', 'Review your emergency contacts'],
      ['EVACUATION', 'Tell us if you need evacuation assistance'],
      ['ALERT', 'Sign up for campus alerts'],
      ['DEPOSIT_INIT', 'Pay your enrollment deposit'],
    ] as const
  ).map(([nudge_type, title], i) => ({
    pk: 900 + i,
    nudge_type,
    title,
    body: `${title}: this is a demo message.`,
    created_on: `2026-11-${String(10 + i).padStart(2, '0')}T17:00:00.000Z`,
    display_as_banner: i === 0,
  })),
} satisfies Partial<SisRecordInput>;
