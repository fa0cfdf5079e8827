import { Trans, useLingui } from '@lingui/react/macro';
import { telHref } from '../../lib/tel.js';
import { MenuDisclosure } from '../menu-disclosure.js';

export interface SafetyContacts {
  phone: string;
  /** The number as shown (campus configuration, written by the server's phone rule). */
  phoneLabel?: string | undefined;
  emergencyProcedures: string;
  otherResources: string;
}

/** portal.md §2 Safety menu: its three entries, the call entry a `tel:` link. */
export function SafetyLinks(props: SafetyContacts) {
  const { phone, emergencyProcedures, otherResources } = props;
  const shown = props.phoneLabel ?? phone;
  return (
    <ul className="safety__list">
      <li>
        <a href={telHref(phone)}>
          <Trans>Call Campus Safety</Trans>
          {shown && <span className="safety__phone"> {shown}</span>}
        </a>
      </li>
      <li>
        <a href={emergencyProcedures}>
          <Trans>Emergency Procedures</Trans>
        </a>
      </li>
      <li>
        <a href={otherResources}>
          <Trans>Other Safety Resources</Trans>
        </a>
      </li>
    </ul>
  );
}

/**
 * The desktop toggle: the entries in the product's one menu disclosure (src/ui/menu-disclosure),
 * always in the page, so they open with no script (issue 87).
 */
export function SafetyMenu({
  open,
  onToggle,
  onClose,
  contacts,
}: {
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  contacts: SafetyContacts;
}) {
  const { t } = useLingui();
  return (
    <MenuDisclosure
      label={t`Safety`}
      open={open}
      onToggle={onToggle}
      onClose={onClose}
      panelId="safety-menu"
      className="safety"
      toggleClassName="safety__toggle"
      panelClassName="safety__panel"
      panelAs="nav"
      panelLabel={t`Safety`}
    >
      <SafetyLinks {...contacts} />
    </MenuDisclosure>
  );
}
