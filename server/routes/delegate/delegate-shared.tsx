import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import { DELEGATE_CATEGORIES } from '../../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { delegateLink } from '../../../contract/delegate-sections.rules.js';
import type { Language } from '../../../contract/language.schema.js';
import type { DelegateAccess } from '../../delegates/sign-in.js';
import { categoryName } from '../../delegates/words.js';
import { HOME } from './delegate-http.js';
import { OtherShares, Passkeys, sharedLine } from './delegate-pages.js';
import { sharesOf } from './shares.js';

/**
 * Where a share is read (issue 88): the portal's own pages and Next Steps' app, a link to each
 * shared section, drawn by the same components as the student's.
 */
export function SharedSections(props: { i18n: I18n; categories: readonly DelegateCategory[] }) {
  const { i18n, categories } = props;
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby="shared-pages">
      <h2 id="shared-pages">
        {i18n._({ id: 'delegates.page.shared-pages', message: 'Shared pages' })}
      </h2>
      <ul>
        {DELEGATE_CATEGORIES.filter((c) => categories.includes(c)).map((category) => (
          <li key={category}>
            <a href={delegateLink(category)}>{categoryName(i18n, category)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A signed-in delegate's own page (issue 73): whose share they read and where (issue 88), the
 * other students' shares, their passkeys (`said`: a passkey just added or removed) and Sign out.
 */
export async function signedInHome(
  app: FastifyInstance,
  who: { access: DelegateAccess; i18n: I18n; language: Language },
) {
  const { access, i18n, language } = who;
  const zone = app.config.campus.timeZone;
  const passkeys = await app.repositories.delegatePasskeys.ofDelegate(access.delegateId);
  const shares = await sharesOf(app, access);
  const viewing = shares.find((s) => s.delegation === access.viewing?.grant.id);
  const line = (share: (typeof shares)[number]) =>
    sharedLine(i18n, language, {
      student: share.student_name,
      categories: share.categories,
      endsAt: new Date(share.ends_at),
      zone,
    });
  const others = shares.filter((s) => s !== viewing);
  return (said: 'added' | 'removed' | undefined) => (
    <>
      {viewing ? <p className="shared-line">{line(viewing)}</p> : null}
      {viewing ? <SharedSections i18n={i18n} categories={viewing.categories} /> : null}
      {shares.length === 0 ? (
        <p role="status">
          {i18n._({
            id: 'delegates.page.nothing',
            message: 'Nobody shares their record with you at this time.',
          })}
        </p>
      ) : null}
      {others.length > 0 ? (
        <OtherShares i18n={i18n} viewing={viewing !== undefined} shares={others} line={line} />
      ) : null}
      <Passkeys i18n={i18n} language={language} zone={zone} passkeys={passkeys} said={said} />
      <form method="post" action={`${HOME}/logout`}>
        <button type="submit">
          {i18n._({ id: 'delegates.page.sign-out', message: 'Sign out' })}
        </button>
      </form>
    </>
  );
}
