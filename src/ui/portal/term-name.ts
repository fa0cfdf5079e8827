import { useLingui } from '@lingui/react/macro';
import { termName } from '../../lib/term-name.js';

/**
 * A term code as the reader's language names it: "Fall 2026", "Otoño de 2026" (Account, Finances and
 * Academics). A code of another form than YYYY0Q (quarter 1 Winter … 4 Fall) is shown as
 * src/lib/term-name.ts shows it.
 */
export function useTermName(): (code: string) => string {
  const { t } = useLingui();
  return (code) => {
    const match = /^(\d{4})0([1-4])$/.exec(code);
    if (!match) return termName(code);
    const year = match[1];
    if (match[2] === '1') return t`Winter ${year}`;
    if (match[2] === '2') return t`Spring ${year}`;
    if (match[2] === '3') return t`Summer ${year}`;
    return t`Fall ${year}`;
  };
}
