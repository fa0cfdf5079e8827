import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import type { Language } from '../../../contract/language.schema.js';
import type { DelegationWithDelegate } from '../../db/repositories/delegations.repository.js';
import { categoriesOf } from '../../delegates/rules.js';
import { accessPhrase, categoryList, grantDay } from '../../delegates/words.js';
import { TokenForm } from './delegate-pages.js';

/** What an invitation offers, read without using it (delegates/sign-in.ts, `invitationOf`). */
interface Offer {
  grant: DelegationWithDelegate;
  studentName: string;
}

/**
 * The invitation's page (issue 73; its words, issue 87): who invites the person, at which
 * university, to see what and until when, and what accepting does, above the one button "Accept
 * the invitation" posting the link's token. An invitation that cannot be used (used, too old,
 * withdrawn, unknown) still names the university and says what accepting does; pressing the button
 * then says why it does not work.
 */
export function acceptPage(
  i18n: I18n,
  language: Language,
  page: {
    offer: Offer | undefined;
    university: string;
    zone: string;
    action: string;
    token: string;
    /** The campus takes payments in the portal: Finances lets the delegate pay (issue 89). */
    paysHere: boolean;
  },
): { title: string; body: ReactNode } {
  const { offer, university } = page;
  const button = i18n._({ id: 'delegates.page.accept', message: 'Accept the invitation' });
  const form = <TokenForm action={page.action} token={page.token} button={button} />;
  if (!offer) {
    const explain = i18n._({
      id: 'delegates.page.accept.explain',
      message:
        'A student at {university} invites you to see part of their record. Accepting lets you see it until the date they chose; then we email you a link to sign in.',
      values: { university },
    });
    return {
      title: button,
      body: (
        <>
          <p>{explain}</p>
          {form}
        </>
      ),
    };
  }
  const { grant, studentName } = offer;
  const values = {
    student: studentName,
    university,
    categories: categoryList(i18n, categoriesOf(grant.categories)),
    until: grantDay(new Date(grant.ends_at), language, page.zone),
    purpose: grant.purpose,
    email: grant.delegate_email,
    access: accessPhrase(i18n, categoriesOf(grant.categories), page.paysHere),
  };
  return {
    title: i18n._({
      id: 'delegates.page.accept.title',
      message: '{student} invites you to see part of their record at {university}',
      values,
    }),
    body: (
      <>
        <p>
          {i18n._({
            id: 'delegates.page.accept.what',
            message: 'Accepting lets you see {categories} of {student}, {access}, until {until}.',
            values,
          })}
        </p>
        <p>
          {i18n._({ id: 'delegates.page.accept.purpose', message: 'Purpose: {purpose}', values })}
        </p>
        <p>
          {i18n._({
            id: 'delegates.page.accept.then',
            message:
              'Then we email a link to sign in to {email}. {student} can stop sharing at any time.',
            values,
          })}
        </p>
        {form}
      </>
    ),
  };
}
