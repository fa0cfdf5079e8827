import { Trans } from '@lingui/react/macro';

/** Whom a person the records do not know can ask (the campus's first Support & Help link). */
export interface Contact {
  label: string;
  url: string;
  /** `en` when the label is the campus's English on a page in another language (issue 76). */
  lang?: 'en';
}

/**
 * The profile summary's card for a person the student information system does not know (issue 57):
 * what the portal can tell them (their name and sign-in address), why their classes, holds and tasks
 * are not here, and whom to contact.
 */
export function UnknownPersonCard({
  name,
  email,
  contact,
}: {
  name: string;
  email: string;
  contact: Contact | undefined;
}) {
  return (
    <div className="unknown-person" data-testid="unknown-person">
      <p className="profile-card__name">{name}</p>
      {email && (
        <p className="muted">
          <Trans>Signed in as {email}</Trans>
        </p>
      )}
      <p>
        <Trans>
          The university&apos;s records don&apos;t list you yet, so your classes, holds and tasks
          can&apos;t show here.
        </Trans>
      </p>
      <p>
        <Trans>If you were admitted or hired in the last few days, check back tomorrow.</Trans>
        {contact && (
          <>
            {' '}
            <Trans>
              Otherwise, contact the{' '}
              <a href={contact.url} lang={contact.lang}>
                {contact.label}
              </a>
              .
            </Trans>
          </>
        )}
      </p>
    </div>
  );
}
