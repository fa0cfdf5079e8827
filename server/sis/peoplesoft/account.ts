import { z } from 'zod';
import type { AccountSummary } from '../../../contract/sis/finances.schema.js';
import type { AccountFieldName, StudentAccountMap } from '../../config/peoplesoft-account.js';

/**
 * SSF_GET_STUDENT_ACCOUNT (service SSF_FINANCIALS; Oracle, Campus Solutions 9.2 PeopleBook, Student
 * Financials, "Using the SSF_FINANCIALS Web Service"): the student's account, Charges Due, the
 * Account Balance, Recent Payments and Pending Financial Aid. Oracle does not publish the response's
 * element names, so the message is read as PeopleSoft's JSON form of any XML (every element an
 * array) under its root, and each amount by the campus's mapping (`config/peoplesoft-account.ts`).
 */
const element = z.array(z.unknown()).max(500);
const node = z.record(z.string(), element);

export const studentAccountSchema = z.object({
  SSF_GET_STUDENT_ACCOUNT_RESP: z.array(node).min(1).max(1),
});
export type StudentAccountAnswer = z.infer<typeof studentAccountSchema>;

/** An amount as PeopleSoft writes it (`1250.00`, `-40.5`); anything else is no amount. */
const amount = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,9}(\.\d{1,4})?$/)
    .transform(Number),
]);

/** Every amount `path` reaches below `at`, each repeated row's included; a missing element adds none. */
function amountsAt(at: z.infer<typeof node>, path: readonly string[]): number[] {
  const [name, ...rest] = path;
  if (name === undefined) return [];
  const items = at[name] ?? [];
  if (rest.length === 0) return items.flatMap((v) => amount.safeParse(v).data ?? []);
  return items.flatMap((v) => {
    const child = node.safeParse(v);
    return child.success ? amountsAt(child.data, rest) : [];
  });
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * financial-account-summary: each amount the sum of what its configured path reaches (none: 0); the
 * amount due never below 0. The message names no payment plan: not enrolled in one.
 */
export function accountOf(answer: StudentAccountAnswer, map: StudentAccountMap): AccountSummary {
  const root = answer.SSF_GET_STUDENT_ACCOUNT_RESP[0] ?? {};
  const at = (name: AccountFieldName) => {
    const path = map[name].path;
    return path === null ? 0 : cents(amountsAt(root, path.split('.')).reduce((a, b) => a + b, 0));
  };
  return {
    ENROLLED_PPLAN: 'N',
    PPLAN_TERM: null,
    CHARGES_DETAIL: {
      CHARGES_BALANCE: at('CHARGES_BALANCE'),
      CHARGES_PAYMENTS_RXD: at('CHARGES_PAYMENTS_RXD'),
      CHARGES_NEW_ACTIVITY: at('CHARGES_NEW_ACTIVITY'),
      CHARGES_ANTICIPATED_AID: at('CHARGES_ANTICIPATED_AID'),
      CHARGES_REFUNDS: at('CHARGES_REFUNDS'),
      CHARGES_AMOUNT_DUE: Math.max(0, at('CHARGES_AMOUNT_DUE')),
    },
  };
}
