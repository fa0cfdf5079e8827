import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import { DELEGATE_SECTIONS } from '../../../contract/delegate-sections.rules.js';
import type { z } from 'zod';
import { myNextStepsTaskListSchema } from '../../../contract/next-steps/mynextsteps.schema.js';
import { DELEGATE_COOKIE } from '../../delegates/tokens.js';
import type { Language } from '../../../contract/language.schema.js';
import type { DelegateAccess } from '../../delegates/sign-in.js';
import { categoryName } from '../../delegates/words.js';
import { HOME } from './delegate-http.js';
import { OtherShares, Passkeys, sharedLine } from './delegate-pages.js';
import { sharesOf } from './shares.js';

type MyNextStepsTaskList = z.infer<typeof myNextStepsTaskListSchema>;

/**
 * The shared tasks, read through the API with the delegate's own session (issue 73): the guard
 * admits the category's routes alone and records the view, as for a call from their browser. Null
 * where the read was refused or failed. Next Steps is its own app, which has no delegate capacity
 * yet: its tasks are the one part of a share this page still lists (issue 88).
 */
export async function readSharedTasks(
  app: FastifyInstance,
  sessionId: string,
): Promise<MyNextStepsTaskList | null> {
  const answer = await app.inject({
    url: '/api/integrations/mynextsteps/tasks',
    headers: { cookie: `${DELEGATE_COOKIE}=${sessionId}`, accept: 'application/json' },
  });
  if (answer.statusCode !== 200) return null;
  const parsed = myNextStepsTaskListSchema.safeParse(answer.json());
  return parsed.success ? parsed.data : null;
}

/**
 * Where a share is read (issue 88): the portal's own pages, a link to each shared section, drawn by
 * the same components as the student's; the shared tasks listed here, under their heading.
 */
export function SharedSections(props: {
  i18n: I18n;
  categories: readonly DelegateCategory[];
  tasks: MyNextStepsTaskList | null | undefined;
}) {
  const { i18n, categories, tasks } = props;
  const sections = categories.filter((c) => c !== 'next-steps');
  return (
    <>
      {sections.length > 0 ? (
        <nav aria-labelledby="shared-pages">
          <h2 id="shared-pages">
            {i18n._({ id: 'delegates.page.shared-pages', message: 'Shared pages' })}
          </h2>
          <ul>
            {sections.map((category) => (
              <li key={category}>
                <a href={DELEGATE_SECTIONS[category]}>{categoryName(i18n, category)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tasks === undefined ? null : (
        <section aria-labelledby="shared-next-steps-title" id="shared-next-steps">
          <h2 id="shared-next-steps-title">{categoryName(i18n, 'next-steps')}</h2>
          {tasks === null ? (
            <p role="status">
              {i18n._({
                id: 'delegates.record.unavailable',
                message: 'This is not available at this time.',
              })}
            </p>
          ) : tasks.length === 0 ? (
            <p>{i18n._({ id: 'delegates.record.no-tasks', message: 'No tasks.' })}</p>
          ) : (
            <ul>
              {tasks.map((task) => (
                <li key={task.id}>{task.title}</li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/**
 * A signed-in delegate's own page (issue 73): whose share they read and where (issue 88), the
 * other students' shares, their passkeys (`said`: a passkey just added or removed) and Sign out.
 */
export async function signedInHome(
  app: FastifyInstance,
  who: { access: DelegateAccess; sessionId: string; i18n: I18n; language: Language },
) {
  const { access, sessionId, i18n, language } = who;
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
  const tasks =
    viewing?.categories.includes('next-steps') === true
      ? await readSharedTasks(app, sessionId)
      : undefined;
  const others = shares.filter((s) => s !== viewing);
  return (said: 'added' | 'removed' | undefined) => (
    <>
      {viewing ? <p className="shared-line">{line(viewing)}</p> : null}
      {viewing ? (
        <SharedSections i18n={i18n} categories={viewing.categories} tasks={tasks} />
      ) : null}
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
