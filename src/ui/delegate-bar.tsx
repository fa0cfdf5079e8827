import { Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { categoryPhrase, type DelegateShare } from '../lib/delegate-capacity.js';
import { formatCampusDate } from '../lib/time.js';
import { useClearOfBar } from './clear-of-bar.js';
import './view-as-bar.css';

/**
 * Issue 88: "Ana Valencia shared Finances and holds with you until May 31, 2027", on every page a
 * delegate reads, stuck to the top of the window as the view-as bar is (nothing closes it, first in
 * keyboard order), with their way out: Sign out posts to the delegate session's end, which leaves
 * for the delegate's sign-in page. The page is the delegate's, so the bar speaks the page's
 * language, with the portal's own dates (the campus clock).
 */
export function DelegateBar({ share, timeZone }: { share: DelegateShare; timeZone: string }) {
  const box = useRef<HTMLDivElement>(null);
  useClearOfBar(box);
  const { i18n, t } = useLingui();
  const student = share.student_name;
  const categories = categoryPhrase(i18n, share.categories);
  const until = formatCampusDate(share.ends_at, timeZone);
  return (
    <div ref={box} className="delegate-bar" role="region" aria-label={t`Shared with you`}>
      <form className="delegate-bar__form" method="post" action="/auth/delegate/logout">
        <p className="delegate-bar__text">
          <Trans>
            <strong>{student}</strong> shared {categories} with you until {until}
          </Trans>
        </p>
        <button type="submit" className="delegate-bar__end">
          <Trans>Sign out</Trans>
        </button>
      </form>
    </div>
  );
}
