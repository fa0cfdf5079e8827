export interface ContactInfoViewProps {
  address: string[];
  phone: string;
  email: string | null;
}

/** portal.md §3 contact_info: address, phone and email (fallbacks and formatting in src/lib). */
export function ContactInfoView({ address, phone, email }: ContactInfoViewProps) {
  return (
    <dl className="info-grid">
      <div>
        <dt>Address</dt>
        <dd>
          {address.length > 0
            ? address.map((line) => (
                <span key={line} className="line">
                  {line}
                </span>
              ))
            : 'Not on record'}
        </dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>{phone || 'Not on record'}</dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>{email ?? 'Not on record'}</dd>
      </div>
    </dl>
  );
}
