import { Trans, useLingui } from '@lingui/react/macro';
import { RECORDS_LANG } from '../../record-text.js';

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
  const { t } = useLingui();
  const none = t`Not on record`;
  return (
    <dl className="info-grid">
      <div>
        <dt>
          <Trans>Address</Trans>
        </dt>
        <dd>
          {address.length > 0
            ? address.map((line) => (
                <span key={line} className="line" lang={RECORDS_LANG}>
                  {line}
                </span>
              ))
            : none}
        </dd>
      </div>
      <div>
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{phone || none}</dd>
      </div>
      <div>
        <dt>
          <Trans>Email</Trans>
        </dt>
        <dd>{email ? <EmailAddress email={email} /> : none}</dd>
      </div>
    </dl>
  );
}
