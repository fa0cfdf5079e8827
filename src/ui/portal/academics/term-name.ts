import { useLingui } from '@lingui/react/macro';
import type { TermCode } from '../../../../contract/sis/common.schema.js';

/**
 * A term's name in the reader's language, as `termName` (src/lib/terms.ts) writes it in English:
 * "202604" is "Fall 2026" ("Otoño 2026"). The year is written as digits, never as a number.
 */
export function useTermName(): (term: TermCode) => string {
  const { t } = useLingui();
  return (term) => {
    const year = term.slice(0, 4);
    switch (term.slice(5, 6)) {
      case '1':
        return t`Winter ${year}`;
      case '2':
        return t`Spring ${year}`;
      case '3':
        return t`Summer ${year}`;
      case '4':
        return t`Fall ${year}`;
      default:
        return year;
    }
  };
}
