import { useEffect, useRef } from 'react';
import { formatPhone, telHref } from '../../lib/phone.js';

export interface SafetyContacts {
  phone: string;
  emergencyProcedures: string;
  otherResources: string;
}

/** portal.md §2 Safety menu: its three entries, the call entry a `tel:` link. */
export function SafetyLinks({ phone, emergencyProcedures, otherResources }: SafetyContacts) {
  const shown = formatPhone(phone);
  return (
    <ul className="safety__list">
      <li>
        <a href={telHref(phone)}>
          Call Campus Safety{shown && <span className="safety__phone"> {shown}</span>}
        </a>
      </li>
      <li>
        <a href={emergencyProcedures}>Emergency Procedures</a>
      </li>
      <li>
        <a href={otherResources}>Other Safety Resources</a>
      </li>
    </ul>
  );
}

/** The desktop toggle: opens the entries, closes on a click outside (or Escape). */
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
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target instanceof Node ? event.target : null;
      if (!root.current?.contains(target)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open, onClose]);
  return (
    <div className="safety" ref={root}>
      <button
        type="button"
        className="safety__toggle"
        aria-expanded={open}
        aria-controls="safety-menu"
        onClick={onToggle}
      >
        Safety
      </button>
      {open && (
        <nav id="safety-menu" aria-label="Safety" className="safety__panel">
          <SafetyLinks {...contacts} />
        </nav>
      )}
    </div>
  );
}
