import { z } from 'zod';

/**
 * Where each field of the portal's account summary (`contract/sis/finances.schema.ts`) is read in
 * PeopleSoft's SSF_GET_STUDENT_ACCOUNT answer. Oracle publishes the operation (Campus Solutions 9.2
 * PeopleBook, Student Financials, "Using the SSF_FINANCIALS Web Service" and its "Service
 * Operations": it answers Charges Due, the Account Balance, Recent Payments and Pending Financial
 * Aid, and computes SSF_OVERALL_ACTBAL, the total ITEM_AMT of the institution set's business units)
 * but not its response's element names, so the mapping is the campus's to correct: the campus
 * configuration's `sis.peoplesoft.studentAccount`, field by field, merged over these defaults.
 *
 * A field's `path` is element names below the message's root, dot-separated
 * (`SSF_CHARGES_DUE.ITEM_AMT`): every amount it reaches is summed, so a leaf is itself and an
 * element of a repeated row is the rows' total. `null`: the message carries none (0). `source`
 * names where the default comes from, for whoever checks it against their own message.
 */
export const accountFieldSchema = z.strictObject({
  path: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*){0,5}$/, 'element names joined by "."')
    .nullable(),
  source: z.string().max(500).default('the campus'),
});
export type AccountField = z.infer<typeof accountFieldSchema>;

/** The contract's amounts, each read by a path. */
export const ACCOUNT_FIELDS = [
  'CHARGES_BALANCE',
  'CHARGES_AMOUNT_DUE',
  'CHARGES_PAYMENTS_RXD',
  'CHARGES_ANTICIPATED_AID',
  'CHARGES_NEW_ACTIVITY',
  'CHARGES_REFUNDS',
] as const;
export type AccountFieldName = (typeof ACCOUNT_FIELDS)[number];

const SERVICE_OPERATIONS =
  'Oracle, Campus Solutions 9.2 PeopleBook, Student Financials, "Service Operations" (SSF_FINANCIALS)';

/** The defaults: the best published source for each field, named beside it. */
export const DEFAULT_STUDENT_ACCOUNT: Record<AccountFieldName, AccountField> = {
  CHARGES_BALANCE: {
    path: 'SSF_OVERALL_ACTBAL',
    source: `${SERVICE_OPERATIONS}: "Calculates SSF_OVERALL_ACTBAL … the total ITEM_AMT for business units in the institution set"`,
  },
  CHARGES_AMOUNT_DUE: {
    path: 'SSF_CHARGES_DUE.ITEM_AMT',
    source: `${SERVICE_OPERATIONS}: "Charges Due" rows, each an ITEM_AMT (the element name of the rows is not published: check it)`,
  },
  CHARGES_PAYMENTS_RXD: {
    path: 'SSF_PAYMENTS.ITEM_AMT',
    source: `${SERVICE_OPERATIONS}: "Recent Payments" rows (the element name of the rows is not published: check it)`,
  },
  CHARGES_ANTICIPATED_AID: {
    path: 'SSF_PENDING_AID.ITEM_AMT',
    source: `${SERVICE_OPERATIONS}: "Pending Financial Aid" rows (the element name of the rows is not published: check it)`,
  },
  CHARGES_NEW_ACTIVITY: {
    path: null,
    source: 'not in the published description of the message: 0',
  },
  CHARGES_REFUNDS: {
    path: null,
    source: 'not in the published description of the message: 0',
  },
};

/** The campus configuration's `sis.peoplesoft.studentAccount`: only the fields it corrects. */
export const studentAccountSchema = z
  .partialRecord(z.enum(ACCOUNT_FIELDS), accountFieldSchema)
  .default({})
  .transform((fields): Record<AccountFieldName, AccountField> => ({
    ...DEFAULT_STUDENT_ACCOUNT,
    ...fields,
  }));
export type StudentAccountMap = z.output<typeof studentAccountSchema>;
