import { Trans, useLingui } from '@lingui/react/macro';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { delegateMenu } from '../../lib/delegate-capacity.js';
import { SharedSectionLink } from './delegate-link.js';

/**
 * Issue 88: a delegate's main menu, only the sections their categories open, in the contract's
 * order. A chunk of its own, loaded only in delegate capacity (the first route's budget).
 */
export function DelegateMenuItems({ shared }: { shared: readonly DelegateCategory[] }) {
  const { i18n } = useLingui();
  return delegateMenu(shared).map((s) => (
    <li key={s.path}>
      <SharedSectionLink path={s.path}>{i18n._(s.label)}</SharedSectionLink>
    </li>
  ));
}

/**
 * A delegate's account menu (issue 88): their own page (other students' shares, their passkeys),
 * never the student's Account.
 */
export function DelegateAccountMenu() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Your account`} className="sidebar__account">
      <ul className="menu">
        <li>
          <a href="/auth/delegate">
            <Trans>Your shares and passkeys</Trans>
          </a>
        </li>
      </ul>
    </nav>
  );
}
