import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Delegation } from '../../../../contract/delegates.schema.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import {
  selectProblem,
  selectSaving,
  shareSaveMachine,
} from '../../../machines/share-save.machine.js';
import { useOnce } from '../../shared/use-once.js';
import { ConsentRecords } from './consent-record.js';
import { ShareForm } from './share-form.js';
import type { ShareChoice } from './share-form.js';
import { useToggle } from './share-toggle.js';
import { categoryName, categoryPhrase, dayOf, longDay, viewedWhen } from './share-words.js';

/** What the person shared with has viewed: "viewed Finances and holds on 27 November at 9:14". */
function ViewList({ grant, timeZone }: { grant: Delegation; timeZone: string }) {
  const { t, i18n } = useLingui();
  const who = grant.name;
  if (grant.views.length === 0)
    return <p className="muted">{t`${who} has not viewed anything yet.`}</p>;
  return (
    <>
      <h4>{t`What ${who} viewed`}</h4>
      <ul>
        {grant.views.map((v) => {
          const part = categoryName(i18n, v.category);
          const { day, time } = viewedWhen(i18n, v.viewed_at, timeZone);
          return (
            <li key={`${v.category}-${v.viewed_at}`}>
              <time dateTime={v.viewed_at}>{t`viewed ${part} on ${day} at ${time}`}</time>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * One person the student shares with (issue 73): what, why, until when, whether they accepted, each
 * view they made, Change, Stop sharing and the consent record. Read only (view-as, demo, offline),
 * Change and Stop sharing are disabled with the reason.
 */
export function ShareItem(props: {
  grant: Delegation;
  timeZone: string;
  readOnly: ReadOnly;
  readOnlyReason: string | null;
  onChange: (id: number, choice: ShareChoice) => Promise<void>;
  onRevoke: (id: number) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const { grant, timeZone } = props;
  const changing = useToggle();
  const confirming = useToggle();
  const record = useToggle();
  const onRevoke = props.onRevoke;
  const revoker = useActorRef(
    useOnce(() =>
      shareSaveMachine.provide({
        actors: { save: fromPromise(() => onRevoke(grant.id)) },
      }),
    ),
  );
  const revoking = useSelector(revoker, selectSaving);
  const revokeProblem = useSelector(revoker, selectProblem);
  const active = grant.state === 'active';
  const until = longDay(i18n, grant.ends_at, timeZone);
  const who = grant.name;
  const what = categoryPhrase(i18n, grant.categories);
  const why = grant.purpose;
  const state =
    grant.state === 'revoked'
      ? t`Stopped`
      : grant.state === 'expired'
        ? t`Ended on ${until}`
        : grant.accepted
          ? t`Shared until ${until}`
          : t`Invitation sent; shared until ${until}`;
  const disabled = props.readOnly !== null;
  const reasonId = `share-${grant.id}-read-only`;
  const described = disabled ? reasonId : undefined;

  return (
    <li className="share-list__item">
      <h3>{`${who} · ${grant.email}`}</h3>
      <p>{state}</p>
      <p>{t`Shared: ${what}`}</p>
      <p>{t`Why: ${why}`}</p>
      <ViewList grant={grant} timeZone={timeZone} />
      {changing.open && active ? (
        <ShareForm
          inviting={false}
          timeZone={timeZone}
          initial={{
            categories: grant.categories,
            purpose: grant.purpose,
            until: dayOf(grant.ends_at, timeZone),
          }}
          submitLabel={t`Save the change`}
          onCancel={changing.close}
          onSubmit={async (choice) => {
            await props.onChange(grant.id, choice);
            changing.close();
          }}
        />
      ) : null}
      <p className="share-list__actions">
        {active && !changing.open ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={disabled}
            aria-describedby={described}
            onClick={changing.toggle}
          >
            {t`Change`}
          </button>
        ) : null}{' '}
        {active && !confirming.open ? (
          <button
            type="button"
            className="button button--quiet"
            disabled={disabled}
            aria-describedby={described}
            onClick={confirming.toggle}
          >
            {t`Stop sharing`}
          </button>
        ) : null}{' '}
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={record.open}
          onClick={record.toggle}
        >
          {record.open ? t`Hide the consent record` : t`Consent record`}
        </button>
      </p>
      {disabled && active ? (
        <p id={reasonId} className="muted">
          {props.readOnlyReason}
        </p>
      ) : null}
      {confirming.open && active ? (
        <div role="group" aria-label={t`Stop sharing with ${who}?`}>
          <p>{t`${who} will no longer see your record, from their next page on.`}</p>
          <button
            type="button"
            className="button"
            disabled={revoking}
            onClick={() => revoker.send({ type: 'share.save', input: {} })}
          >
            {t`Stop sharing with ${who}`}
          </button>{' '}
          <button type="button" className="button button--quiet" onClick={confirming.close}>
            {t`Keep sharing`}
          </button>
          {revokeProblem ? <p role="alert">{t`This could not be saved. Try again.`}</p> : null}
        </div>
      ) : null}
      {record.open ? <ConsentRecords delegation={grant.id} /> : null}
    </li>
  );
}
