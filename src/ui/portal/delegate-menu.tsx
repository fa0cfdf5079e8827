import { useLingui } from '@lingui/react/macro';
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
