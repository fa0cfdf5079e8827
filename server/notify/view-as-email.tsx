import type { FastifyInstance } from 'fastify';
import { FORMAT_LOCALES } from '../../contract/language.schema.js';
import { storedLanguage, translator } from '../i18n/catalogue.js';
import type { UserRecord } from '../db/repositories/users.repository.js';
import type { ViewAsRecord } from '../db/repositories/view-as.repository.js';
import { AUTOMATIC_HEADERS } from './mailer.js';
import { EmailLayout, htmlOf } from './email-layout.js';

/** The notice's words in the student's language (issue 73). */
function words(app: FastifyInstance, view: ViewAsRecord, language: 'en' | 'es', firstName: string) {
  const i18n = translator(language);
  const { showName, minutes } = app.config.viewAs;
  // The viewer's own office (their Support grant's), else the campus's one for all.
  const office = view.office ?? app.config.viewAs.office;
  const product = app.config.campuses[language].productName;
  const who = showName ? `${office} (${view.actorName})` : office;
  // US English as the portal writes dates ("November 28, 2026 at 11:03 PM"), or the reader's Spanish.
  const when = new Intl.DateTimeFormat(FORMAT_LOCALES[language], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: app.config.campus.timeZone,
  }).format(view.startedAt);
  return {
    subject: i18n._({
      id: 'viewAs.email.subject',
      message: 'Someone from {office} viewed your {product}',
      values: { office, product },
    }),
    hello: i18n._({
      id: 'notify.email.hello',
      message: 'Hello {name},',
      values: { name: firstName },
    }),
    lead: i18n._({
      id: 'viewAs.email.lead',
      message:
        '{who} viewed your {product} on {when}, read only, for at most {minutes} minutes. Nothing was changed and nothing was sent as you.',
      values: { who, product, when, minutes },
    }),
    reason: i18n._({
      id: 'viewAs.email.reason',
      message: 'The reason given: {reason}',
      values: { reason: view.reason },
    }),
    where: i18n._({
      id: 'viewAs.email.where',
      message: 'Every view is listed on your Account page under "Who has seen your portal": {url}',
      values: { url: `${app.config.publicOrigin}/account` },
    }),
  };
}

/** The notice's words, as `words` gives them. */
export type ViewAsWords = ReturnType<typeof words>;

/** The notice's HTML, in the emails' one layout (email-layout.tsx); no footer: a security notice. */
export function ViewAsNotice({
  language,
  words: w,
}: {
  language: 'en' | 'es';
  words: ViewAsWords;
}) {
  return (
    <EmailLayout language={language} subject={w.subject} heading={w.subject}>
      <p>{w.hello}</p>
      <p>{w.lead}</p>
      <p>{w.reason}</p>
      <p>{w.where}</p>
    </EmailLayout>
  );
}

/**
 * Tells the student that support viewed their portal (VIEW_AS_NOTIFY), by the portal's email path
 * (SMTP, or the outbox staff read), in the language they chose. A security notice: sent whatever
 * their email choices, with no unsubscribe link. A failure is logged, never the start's failure.
 */
export async function tellStudentOfView(
  app: FastifyInstance,
  student: UserRecord,
  view: ViewAsRecord,
): Promise<void> {
  const [contact] = await app.repositories.users.emailContacts([student.id]);
  if (!contact?.email) return;
  const language = storedLanguage(contact.language);
  const w = words(app, view, language, contact.firstName);
  const html = htmlOf(<ViewAsNotice language={language} words={w} />);
  try {
    await app.notify.mailer.send(
      {
        jobId: null,
        to: contact.email,
        subject: w.subject,
        topic: 'view-as',
        text: [w.hello, '', w.lead, '', w.reason, '', w.where].join('\n'),
        html,
        headers: { ...AUTOMATIC_HEADERS },
      },
      app.clock(),
    );
  } catch (err) {
    app.log.warn({ err, view: view.id }, 'the view-as notice could not be sent');
  }
}
