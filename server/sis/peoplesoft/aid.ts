import { z } from 'zod';
import type { FinancialAid } from '../../../contract/sis/financial-aid.schema.js';
import { leaf, rows } from './wire.js';

/**
 * SFA_GET_STUDENT_AWARDS (service SFA_FINANCIAL_AID): Oracle, Campus Solutions 9.2 PeopleBook,
 * Financial Aid, "Using SFA_FINANCIAL_AID Service Operations": the awards of one institution and aid
 * year (the aid year's totals, each award by item type, its terms and disbursements), with a list
 * of the other institution and aid year pairs the student may view. Oracle's page shows the message
 * as a diagram, not element names: these are the delivered fields of the self-service award
 * records (SS_FA_STDNT_AWD: INSTITUTION, AID_YEAR) and AID_YEAR_DESCR, for a campus to check
 * against its own message (docs/sis-peoplesoft.md). Only the aid years are read: the contract has
 * no place for an award's amounts (the account's pending aid is SSF_GET_STUDENT_ACCOUNT's).
 */
const aidYearSchema = z.object({ INSTITUTION: leaf, AID_YEAR: leaf, AID_YEAR_DESCR: leaf });

export const awardsSchema = z.object({
  SFA_GET_STUDENT_AWARDS_RESP: z
    .array(
      z.object({
        INSTITUTION: leaf,
        AID_YEAR: leaf,
        AID_YEAR_DESCR: leaf,
        AID_YEARS: rows(aidYearSchema),
      }),
    )
    .min(1),
});
export type AwardsAnswer = z.infer<typeof awardsSchema>;

/** An aid year's label: PeopleSoft's description, else `2026-2027` for AID_YEAR 2027. */
const labelOf = (year: string, descr: string | null) => descr ?? `${Number(year) - 1}-${year}`;

/**
 * financial-aid-info: one entry per aid year the student may view, the year the answer details
 * first, then the others it lists, newest first. The awards message carries no FAFSA, outstanding
 * requirement or academic progress status (those are the contract's other fields): each is empty,
 * `N`, and the page shows the aid year with nothing claimed for it.
 */
export function aidOf(answer: AwardsAnswer): FinancialAid {
  const seen = new Set<string>();
  const years: FinancialAid['FINAID_DETAIL'] = [];
  const add = (year: string | null, descr: string | null) => {
    if (year === null || !/^\d{4}$/.test(year) || seen.has(year)) return;
    seen.add(year);
    years.push({
      AIDY: year,
      DISPLAY_AIDY: labelOf(year, descr),
      FAFSA_DESC: '',
      FAFSA_IND: 'N',
      STUREQ_DESC: '',
      STUREQ_IND: 'N',
      SAP_IND: 'N',
      SAP_CODE: '',
      SAP_DESC: '',
    });
  };
  for (const r of answer.SFA_GET_STUDENT_AWARDS_RESP) add(r.AID_YEAR, r.AID_YEAR_DESCR);
  const others = answer.SFA_GET_STUDENT_AWARDS_RESP.flatMap((r) => r.AID_YEARS);
  for (const y of others.sort((a, b) => (b.AID_YEAR ?? '').localeCompare(a.AID_YEAR ?? '')))
    add(y.AID_YEAR, y.AID_YEAR_DESCR);
  return { FINAID_DETAIL: years, FINAID_MSG: null };
}
