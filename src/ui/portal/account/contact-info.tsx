export interface ContactInfoViewProps {
  address: string[];
  phone: string;
  email: string | null;
}

/** An address that, when it must wrap, wraps before its @ rather than in the middle of a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
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
        <dd>{email ? <EmailAddress email={email} /> : 'Not on record'}</dd>
      </div>
    </dl>
  );
}
