import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { Delegation } from '../../../../contract/delegates.schema.js';
import { disclosureAttributes } from '../../../lib/disclosure.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { ConsentRecords } from './consent-record.js';
import { ShareForm } from './share-form.js';
import type { ShareChoice } from './share-form.js';
import { StopSharingPanel } from './share-stop.js';
import { useFocusBack, useToggle } from './share-toggle.js';
import { categoryName, categoryPhrase } from '../../../lib/delegate-capacity.js';
import { dayOf, longDay, viewedWhen } from './share-words.js';

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
          const { day, time } = viewedWhen(v.viewed_at, timeZone);
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
  const heading = useRef<HTMLHeadingElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  // The form opened by Change gives focus back to Change when it closes (cancelled or saved).
  const changeButton = useFocusBack(changing.open);
  const active = grant.state === 'active';
  const until = longDay(grant.ends_at, timeZone);
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
  const stop = disclosureAttributes(confirming.open, `share-${grant.id}-stop`);

  return (
    <li className="share-list__item">
      {/* Where focus goes once sharing stopped: the row's place (issue 87). */}
      <h3 ref={heading} tabIndex={-1}>{`${who} · ${grant.email}`}</h3>
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
            ref={changeButton}
            type="button"
            className="button button--quiet"
            disabled={disabled}
            aria-describedby={described}
            onClick={changing.toggle}
          >
            {t`Change`}
          </button>
        ) : null}{' '}
        {active ? (
          <button
            ref={stopButton}
            type="button"
            className="button button--quiet"
            disabled={disabled}
            aria-describedby={described}
            {...stop.button}
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
      {active ? (
        <StopSharingPanel
          who={who}
          panel={stop.panel}
          onRevoke={() => props.onRevoke(grant.id)}
          onKeep={() => {
            stopButton.current?.focus();
            confirming.close();
          }}
          onStopped={() => heading.current?.focus()}
        />
      ) : null}
      {record.open ? <ConsentRecords delegation={grant.id} /> : null}
    </li>
  );
}
