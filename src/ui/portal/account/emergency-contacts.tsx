import { useLingui } from '@lingui/react/macro';
import { RecordText } from '../../record-text.js';

export interface EmergencyContactView {
  id: number;
  name: string;
  relation: string;
  phone: string;
}

/** portal.md §3 Emergency info: the contacts in priority order, with relation and phone. */
export function EmergencyContacts({ contacts }: { contacts: EmergencyContactView[] }) {
  const { t } = useLingui();
  return (
    <ol className="contact-list">
      {contacts.map((c) => (
        <li key={c.id}>
          <span className="contact-list__name">{c.name}</span>
          <span className="muted">
            <RecordText>{c.relation}</RecordText>
          </span>
          <span>{c.phone || t`No phone on record`}</span>
        </li>
      ))}
    </ol>
  );
}
