import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { z } from 'zod';
import {
  DELEGATE_CATEGORIES,
  REAUTH_MINUTES,
  delegateCategorySchema,
} from '../../../../contract/delegates.schema.js';
import type { DelegateCategory } from '../../../../contract/delegates.schema.js';
import { LANGUAGE_NAMES, LANGUAGES } from '../../../../contract/language.schema.js';
import { ShareRefusedError } from '../../../api/delegations.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import { loginUrl } from '../../../lib/login.js';
import {
  selectProblem,
  selectSaving,
  shareSaveMachine,
} from '../../../machines/share-save.machine.js';
import { useOnce } from '../../shared/use-once.js';
import { categoryName } from '../../../lib/delegate-capacity.js';
import { PURPOSES, lastDay } from './share-words.js';

/** What the form gives back: a grant's parts; name, email and language only when inviting. */
const shareChoiceSchema = z.object({
  name: z.string(),
  email: z.string(),
  language: z.enum(['en', 'es']),
  categories: z.array(delegateCategorySchema),
  purpose: z.string(),
  /** Empty: the end of the term (the server's default). */
  until: z.string(),
});
export type ShareChoice = z.infer<typeof shareChoiceSchema>;

const OWN = 'own';

/**
 * Issue 73: the form that invites a person or changes a grant: the categories (checkboxes), a purpose
 * from a short list or the student's own words, and an end date (at most a year; left empty, the end
 * of the term). Its save runs on the share-save machine; a sign-in older than 10 minutes must be
 * renewed first: the refusal says so, with the link that signs in again and comes back here.
 */
export function ShareForm(props: {
  initial?: { categories: readonly DelegateCategory[]; purpose: string; until: string };
  inviting: boolean;
  timeZone: string;
  submitLabel: string;
  onSubmit: (choice: ShareChoice) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const purposes = PURPOSES.map((p) => i18n._(p));
  const start = props.initial;
  const listed = start ? purposes.includes(start.purpose) : true;
  const submit = props.onSubmit;
  const machine = useOnce(() =>
    shareSaveMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          const choice = shareChoiceSchema.parse(input);
          if (choice.categories.length === 0)
            throw new ShareRefusedError(400, t`Choose at least one part of your record.`);
          if (choice.purpose === '') throw new ShareRefusedError(400, t`Say why you share it.`);
          await submit(choice);
        }),
      },
    }),
  );
  const actor = useActorRef(machine);
  // Opened by a press (Share with someone, Change): focus goes into it, on its first field (issue 87).
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    form.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);
  const saving = useSelector(actor, selectSaving);
  const problem = useSelector(actor, selectProblem);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const chosen = text('purpose');
    actor.send({
      type: 'share.save',
      input: {
        name: text('name'),
        email: text('email'),
        language: text('language') === 'es' ? 'es' : 'en',
        categories: DELEGATE_CATEGORIES.filter((c) => form.get(`category-${c}`) !== null),
        purpose: chosen === OWN ? text('own') : chosen,
        until: text('until'),
      },
    });
  }

  return (
    <form ref={form} className="share-form" onSubmit={send} aria-busy={saving}>
      {props.inviting ? (
        <>
          <p className="field">
            <label htmlFor={`${id}-name`}>{t`Their name`}</label>
            <input id={`${id}-name`} name="name" required maxLength={120} autoComplete="off" />
          </p>
          <p className="field">
            <label htmlFor={`${id}-email`}>{t`Their email address`}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
            />
          </p>
          <p className="field">
            <label htmlFor={`${id}-language`}>{t`Their emails in`}</label>
            <select
              id={`${id}-language`}
              name="language"
              defaultValue={i18n.locale.startsWith('es') ? 'es' : 'en'}
            >
              {LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </p>
        </>
      ) : null}
      <fieldset>
        <legend>{t`What they may see`}</legend>
        {DELEGATE_CATEGORIES.map((category) => (
          <p key={category} className="field field--check">
            <input
              id={`${id}-${category}`}
              name={`category-${category}`}
              type="checkbox"
              defaultChecked={start?.categories.includes(category) ?? false}
            />
            <label htmlFor={`${id}-${category}`}>{categoryName(i18n, category)}</label>
          </p>
        ))}
      </fieldset>
      <p className="field">
        <label htmlFor={`${id}-purpose`}>{t`Why you share it`}</label>
        <select
          id={`${id}-purpose`}
          name="purpose"
          defaultValue={start ? (listed ? start.purpose : OWN) : purposes[0]}
        >
          {purposes.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
          <option value={OWN}>{t`In my own words`}</option>
        </select>
      </p>
      <p className="field">
        <label htmlFor={`${id}-own`}>{t`Your reason, in your own words`}</label>
        <input
          id={`${id}-own`}
          name="own"
          maxLength={200}
          defaultValue={start && !listed ? start.purpose : ''}
          aria-describedby={`${id}-own-hint`}
        />
        <span id={`${id}-own-hint`} className="muted">
          {t`Used when you choose “In my own words” as the purpose.`}
        </span>
      </p>
      <p className="field">
        <label htmlFor={`${id}-until`}>{t`Until`}</label>
        <input
          id={`${id}-until`}
          name="until"
          type="date"
          defaultValue={start?.until ?? ''}
          max={lastDay(new Date(), props.timeZone)}
          aria-describedby={`${id}-until-hint`}
        />
        <span id={`${id}-until-hint`} className="muted">
          {t`At most one year. Left empty, sharing ends at the end of the term.`}
        </span>
      </p>
      <p className="muted">
        <Trans>
          You sign this consent with your sign-in: if you signed in more than {REAUTH_MINUTES}{' '}
          minutes ago, you will be asked to sign in again.
        </Trans>
      </p>
      {problem ? (
        <p role="alert" className="share-form__problem">
          {problem.reauth
            ? t`Sign in again to confirm: your sign-in is older than ${REAUTH_MINUTES} minutes.`
            : (problem.detail ?? t`This could not be saved. Try again.`)}{' '}
          {problem.reauth ? <a href={loginUrl('/account#shares')}>{t`Sign in again`}</a> : null}
        </p>
      ) : null}
      <p className="share-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {props.submitLabel}
        </button>{' '}
        <button type="button" className="button button--quiet" onClick={props.onCancel}>
          {t`Cancel`}
        </button>
      </p>
    </form>
  );
}
