import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import type { CanvasOutcome, Coursework } from '../../../../contract/coursework.schema.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { Loading } from '../../loading.js';
import { ReadFailedText } from '../../read-failed.js';
import { AccountSection } from './account-section.js';
import { clockTime, useStillAhead } from './refresh-wait.js';
import { ReadOnlyReason } from '../../read-only-reason.js';
import { useFeedTrouble } from './feed-trouble.js';

/** The ids a control's description joins, those given. */
const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

export type CourseworkCalendarStatus =
  'loading' | 'error' | 'notConnected' | 'reading' | 'connecting' | 'current' | 'stale' | 'broken';

export interface CourseworkCalendarProps {
  status: CourseworkCalendarStatus;
  coursework: Coursework | null;
  /** Why the last paste was refused, or that the last action failed. */
  problem: string | null;
  /** Why changes cannot be made now (offline), or null. */
  readOnly: ReadOnly;
  onRetry: () => void;
  onAdd: (address: string) => void;
  onRemove: () => void;
  onRefresh: () => void;
  /** Connect the campus's Canvas (offered when the campus has it set up). */
  onConnectCanvas: () => void;
  /** How the last Canvas connection went, as Canvas sent the student back (`?canvas=`). */
  canvasOutcome?: CanvasOutcome | undefined;
}

const CANVAS_OUTCOME = {
  refused: msg`Canvas was not connected: access was not allowed, or the request expired. Try again.`,
  failed: msg`Canvas could not be connected just now. Please try again in a moment.`,
} as const satisfies Record<Exclude<CanvasOutcome, 'connected'>, unknown>;

/**
 * Account's "Coursework calendar" (issue 45): the student pastes their LMS calendar feed address;
 * once added it shows masked, with Remove and Refresh now, and what the last reading said.
 */
export function CourseworkCalendar(props: CourseworkCalendarProps) {
  const { i18n, t } = useLingui();
  const trouble = useFeedTrouble();
  const { status, coursework, problem } = props;
  const feed = coursework?.feed.state === 'connected' ? coursework.feed : null;
  const canvas = feed?.kind === 'canvas';
  const canvasAvailable = coursework?.canvas_available === true;
  const outcome =
    props.canvasOutcome && props.canvasOutcome !== 'connected'
      ? i18n._(CANVAS_OUTCOME[props.canvasOutcome])
      : null;
  const upcoming = (count: number) =>
    canvas
      ? plural(count, {
          one: '# upcoming item from Canvas.',
          other: '# upcoming items from Canvas.',
        })
      : plural(count, {
          one: '# upcoming item from your calendar.',
          other: '# upcoming items from your calendar.',
        });
  const busy = status === 'reading' || status === 'connecting';
  // The LMS is read on demand at most once a minute: until then Refresh says when it can.
  const refreshAfter = feed?.refresh_after ?? null;
  const waiting = useStillAhead(refreshAfter);
  const time = refreshAfter ? clockTime(refreshAfter) : null;
  // Nothing is sent while a reading runs or while changes cannot be saved (offline).
  const held = busy || props.readOnly !== null;
  // What cannot be used while read only says why with it (issue 87): the status says so.
  const why = props.readOnly ? 'coursework-status' : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('address');
    if (field instanceof HTMLInputElement && field.value.trim()) props.onAdd(field.value);
  };
  const form = (label: string) => (
    <form className="coursework-calendar__form" onSubmit={submit}>
      <label htmlFor="coursework-address">
        <Trans>Calendar feed address</Trans>
      </label>
      <input
        id="coursework-address"
        name="address"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        // The form of an address, the same in every language.
        // eslint-disable-next-line i18n/no-literal-text
        placeholder="https://…"
        aria-describedby={describedBy(problem && 'coursework-problem', why)}
        // Its error marks the field invalid, as the text-number field's does (issue 57).
        aria-invalid={problem ? true : undefined}
        disabled={held}
      />
      <button type="submit" className="button" disabled={held} aria-describedby={why}>
        {label}
      </button>
    </form>
  );
  const connectCanvas = (label: string) => (
    <button
      type="button"
      className="button"
      onClick={props.onConnectCanvas}
      disabled={held}
      aria-describedby={why}
    >
      {label}
    </button>
  );
  return (
    <AccountSection id="coursework" title={t`Coursework calendar`}>
      <p className="muted">
        {canvas
          ? t`Your assignments and quizzes from Canvas show beside your other deadlines, with what you have submitted. Mark done here marks them done in Canvas too.`
          : canvasAvailable
            ? t`See your assignments and quizzes beside your other deadlines. Connect Canvas to see what you have submitted and to mark items done in Canvas too; for another course site, in Canvas open Calendar → Calendar Feed, in Moodle Calendar → Export calendar → Get calendar URL, and paste the address here. Keep it private: anyone who has it can see your course calendar.`
            : t`See your assignments and quizzes beside your other deadlines: in Canvas open Calendar → Calendar Feed, in Moodle Calendar → Export calendar → Get calendar URL, and paste the address here. Keep it private: anyone who has it can see your course calendar.`}
      </p>
      {outcome && (
        <p className="coursework-calendar__problem" role="alert">
          {outcome}
        </p>
      )}
      {status === 'loading' && <Loading />}
      {status === 'error' && (
        <div>
          <ReadFailedText />
          <button type="button" className="button button--quiet" onClick={props.onRetry}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {status !== 'loading' && status !== 'error' && !feed && (
        <>
          {canvasAvailable && (
            <div className="coursework-calendar__actions">{connectCanvas(t`Connect Canvas`)}</div>
          )}
          {form(t`Add`)}
        </>
      )}
      {feed && (
        <div className="coursework-calendar__feed">
          <p>
            <span className="muted">
              {canvas ? t`Connected to Canvas at` : t`Calendar feed address:`}{' '}
            </span>
            <span className="coursework-calendar__masked">{feed.masked}</span>
          </p>
          {feed.status === 'broken' && (
            <p className="coursework-calendar__broken" role="alert">
              {trouble.broken(feed.source, canvas)}
            </p>
          )}
          {feed.status === 'stale' && <p>{trouble.stale(feed.source, canvas)}</p>}
          <div className="coursework-calendar__actions">
            <button
              type="button"
              className="button"
              onClick={props.onRefresh}
              disabled={held || waiting || feed.status === 'broken'}
              aria-describedby={describedBy(waiting && 'coursework-refresh-wait', why)}
            >
              <Trans>Refresh now</Trans>
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={props.onRemove}
              disabled={held}
              aria-describedby={why}
            >
              {canvas ? t`Disconnect` : t`Remove`}
            </button>
          </div>
          {waiting && time && (
            <p id="coursework-refresh-wait" className="muted">
              {t`Just read. You can refresh again at ${time}.`}
            </p>
          )}
          {feed.status === 'broken' &&
            (canvas
              ? canvasAvailable && (
                  <div className="coursework-calendar__actions">
                    {connectCanvas(t`Connect Canvas again`)}
                  </div>
                )
              : form(t`Replace`))}
        </div>
      )}
      {problem && (
        <p id="coursework-problem" className="coursework-calendar__problem" role="alert">
          {problem}
        </p>
      )}
      <p
        id="coursework-status"
        className="coursework-calendar__status"
        role="status"
        aria-live="polite"
      >
        {status === 'connecting' ? (
          t`Opening Canvas…`
        ) : busy ? (
          canvas ? (
            t`Reading Canvas…`
          ) : (
            t`Reading your calendar…`
          )
        ) : props.readOnly ? (
          <ReadOnlyReason readOnly={props.readOnly} />
        ) : feed && feed.status === 'current' && coursework ? (
          upcoming(coursework.items.length)
        ) : (
          ''
        )}
      </p>
    </AccountSection>
  );
}
