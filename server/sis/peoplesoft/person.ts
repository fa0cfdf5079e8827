import type { SisEndpoint } from '../endpoints.js';
import type { Constituent } from './wire.js';

/** SEX, the delivered codes (F, M, U), to the words the person-info card shows. */
const SEX: Record<string, string> = { F: 'Female', M: 'Male', U: 'Unknown' };

/** The preferred row of a list: its flag `Y`, else the first. */
const preferred = <T>(rows: T[], flag: (row: T) => string | null) =>
  rows.find((r) => flag(r) === 'Y') ?? rows[0];

/**
 * identity, roles, profile, person-info and contact-info from SCC_GETCONST_R. The service answers for
 * the signed-in student (or, through a campus wrapper, the EmplID given), so the person is a student;
 * their EmplID is the student number. Names: NAME_TYPE `PRF` preferred, `PRI` primary (legal).
 */
export function personRead(endpoint: SisEndpoint, c: Constituent): unknown {
  const emplid = c.EMPLID ?? '';
  const primary = c.NAMES.find((n) => n.NAME_TYPE === 'PRI') ?? c.NAMES[0];
  const pref = c.NAMES.find((n) => n.NAME_TYPE === 'PRF') ?? primary;
  switch (endpoint) {
    case 'identity':
      return {
        nine_number: emplid,
        primary_role: 'student',
        other_roles: [],
        financial_dashboard_access: true,
        has_provisional_account: false,
      };
    case 'roles':
      return { primary_role: 'student', other_roles: [] };
    case 'profile':
      return { staff_faculty_info: null, photo: null };
    case 'person-info':
      return {
        DISPLAY_NAME: pref?.NAME_DISPLAY ?? null,
        PREFERRED_NAME: pref?.FIRST_NAME ?? null,
        LEGAL_NAME: primary?.NAME_DISPLAY ?? '',
        LEGAL_SEX: c.SEX === null ? null : (SEX[c.SEX] ?? c.SEX),
        PRONOUNS: null,
        CITIZENSHIP_STATUS: null,
        VETERAN_CLASSIFICATION: null,
        VETERAN_ELIGIBILITY: 'N',
        VETERAN_STATUS: null,
        DISABILITY_CLASSIFICATION: null,
        DISABILITY_STATUS: null,
        EMPLOYEE: 'N',
        STUDENT: 'Y',
        STUDENT_WORKER: 'N',
        STUDENT_ID: emplid,
      };
    default: {
      const email = preferred(c.EMAIL_ADDRESSES, (e) => e.PREF_EMAIL_FLAG);
      const phone = preferred(c.PERSONAL_PHONE, (p) => p.PREF_PHONE_FLAG);
      const home = c.ADDRESSES.find((a) => a.ADDRESS_TYPE === 'HOME') ?? c.ADDRESSES[0];
      return {
        street_line_1: home?.ADDRESS1 ?? null,
        street_line_2: home?.ADDRESS2 ?? null,
        city: home?.CITY ?? null,
        state: home?.STATE ?? null,
        zip: home?.POSTAL ?? null,
        phone_number: phone?.PHONE ?? null,
        email: email?.EMAIL_ADDR ?? null,
        initialized: true,
      };
    }
  }
}
