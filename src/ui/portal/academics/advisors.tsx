import { Trans } from '@lingui/react/macro';
import { RecordText } from '../../record-text.js';
import type { ReactNode } from 'react';
import type { Advisor } from '../../../../contract/sis/advisors.schema.js';
import { advisorName, orderAdvisors } from '../../../lib/academics.js';

/**
 * An email address with a line-break opportunity after its "@" (issue 76): on a narrow phone it
 * wraps as "name@" / "campus.example.edu" rather than cutting its domain mid-word.
 */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** portal.md §3 advisors: the primary advisor first, with name, role and email. */
export function AdvisorsList({ advisors }: { advisors: Advisor[] }) {
  return (
    <ul className="acad-advisors">
      {orderAdvisors(advisors).map((a) => (
        <li key={`${a.ADV_CODE}-${a.ADV_NAME}`} className="acad-advisor">
          <p className="acad-advisor__name">
            {advisorName(a.ADV_NAME)}
            {a.ADV_PRIM === 'Y' && (
              <span className="acad-badge">
                <Trans>Primary</Trans>
              </span>
            )}
          </p>
          <p className="muted">
            <RecordText>{a.ADV_CODE_DESC}</RecordText>
          </p>
          {a.ADV_EMAIL_ADDRESS && (
            <a href={`mailto:${a.ADV_EMAIL_ADDRESS}`}>{breakableEmail(a.ADV_EMAIL_ADDRESS)}</a>
          )}
        </li>
      ))}
    </ul>
  );
}
