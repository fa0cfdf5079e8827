import type { Language } from '../../contract/language.schema.js';
import { FORMAT_LOCALES } from '../../contract/language.schema.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import { storedLanguage, translator } from '../i18n/catalogue.js';
import type { RenderedEmail } from '../notify/email-frame.js';
import { email } from './emails.js';
import { send } from './grants.js';
import type { DelegateDeps } from './grants.js';
import { grantDay } from './words.js';

export interface DelegatePaymentFacts {
  delegateName: string;
  amountCents: number;
  at: Date;
  zone: string;
  /** The student's Finances page, where the payment's state shows. */
  link: string;
}

/**
 * The email to the student when a person they share Finances with starts a payment on their
 * account (issue 89, "Families pay"), in the student's language.
 */
export function delegatePaymentEmail(f: DelegatePaymentFacts, language: Language): RenderedEmail {
  const i18n = translator(language);
  const values = {
    name: f.delegateName,
    amount: new Intl.NumberFormat(FORMAT_LOCALES[language], {
      style: 'currency',
      currency: 'USD',
    }).format(f.amountCents / 100),
    day: grantDay(f.at, language, f.zone),
  };
  return email(
    language,
    i18n._({
      id: 'delegates.email.student.paid.subject',
      message: '{name} started a payment on your account',
      values,
    }),
    [
      i18n._({
        id: 'delegates.email.student.paid.lead',
        message:
          '{name}, with whom you share Finances and holds, started a payment of {amount} on your account on {day}. Its state is on your Finances page, under the payments made in the portal.',
        values,
      }),
      i18n._({
        id: 'delegates.email.student.manage',
        message:
          'You can change or stop sharing at any time in Account, under People you share with.',
      }),
    ],
    f.link,
  );
}

/** Tells the student, in their language, that a delegate started a payment (issue 89). */
export async function tellStudentOfPayment(
  deps: DelegateDeps,
  student: UserRecord,
  payment: { delegateName: string; amountCents: number },
  now: Date,
): Promise<void> {
  const language = storedLanguage(await deps.repos.preferences.languageOf(student.id));
  const facts = { ...payment, at: now, zone: deps.zone, link: `${deps.origin}/finances#payments` };
  await send(deps, student.email, delegatePaymentEmail(facts, language), language, now);
}
