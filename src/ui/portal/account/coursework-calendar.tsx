import type { FormEvent } from 'react';
import type { Coursework } from '../../../../contract/coursework.schema.js';
import { brokenMessage, siteName } from '../../../lib/coursework.js';
import { READ_ONLY_TEXT } from '../../../lib/read-only.js';
import type { ReadOnly } from '../../../lib/read-only.js';
import { Loading } from '../../loading.js';
import { AccountSection } from './account-section.js';

export type CourseworkCalendarStatus =
  'loading' | 'error' | 'notConnected' | 'reading' | 'current' | 'stale' | 'broken';

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
}

/**
 * Account's "Coursework calendar" (issue 45): the student pastes their LMS calendar feed address;
 * once added it shows masked, with Remove and Refresh now, and what the last reading said.
 */
export function CourseworkCalendar(props: CourseworkCalendarProps) {
  const { status, coursework, problem } = props;
  const feed = coursework?.feed.state === 'connected' ? coursework.feed : null;
  const busy = status === 'reading';
  // Nothing is sent while a reading runs or while changes cannot be saved (offline).
  const held = busy || props.readOnly !== null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('address');
    if (field instanceof HTMLInputElement && field.value.trim()) props.onAdd(field.value);
  };
  const form = (label: string) => (
    <form className="coursework-calendar__form" onSubmit={submit}>
      <label htmlFor="coursework-address">Calendar feed address</label>
      <input
        id="coursework-address"
        name="address"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        placeholder="https://…"
        aria-describedby={problem ? 'coursework-problem' : undefined}
        disabled={held}
      />
      <button type="submit" className="button" disabled={held}>
        {label}
      </button>
    </form>
  );
  return (
    <AccountSection id="coursework" title="Coursework calendar">
      <p className="muted">
        See your assignments and quizzes beside your other deadlines: in Canvas open Calendar →
        Calendar Feed, in Moodle Calendar → Export calendar → Get calendar URL, and paste the
        address here. Keep it private: anyone who has it can see your course calendar.
      </p>
      {status === 'loading' && <Loading />}
      {status === 'error' && (
        <div>
          <p>Error retrieving info</p>
          <button type="button" className="button button--quiet" onClick={props.onRetry}>
            Try again
          </button>
        </div>
      )}
      {status !== 'loading' && status !== 'error' && !feed && form('Add')}
      {feed && (
        <div className="coursework-calendar__feed">
          <p>
            <span className="muted">Calendar feed address: </span>
            <span className="coursework-calendar__masked">{feed.masked}</span>
          </p>
          {feed.status === 'broken' && (
            <p className="coursework-calendar__broken" role="alert">
              {brokenMessage(feed.source)}
            </p>
          )}
          {feed.status === 'stale' && (
            <p>
              Your {siteName(feed.source)} calendar could not be read lately; the dates shown may
              have changed.
            </p>
          )}
          <div className="coursework-calendar__actions">
            <button
              type="button"
              className="button"
              onClick={props.onRefresh}
              disabled={held || feed.status === 'broken'}
            >
              Refresh now
            </button>
            <button
              type="button"
              className="button button--quiet"
              onClick={props.onRemove}
              disabled={held}
            >
              Remove
            </button>
          </div>
          {feed.status === 'broken' && form('Replace')}
        </div>
      )}
      {problem && (
        <p id="coursework-problem" className="coursework-calendar__problem" role="alert">
          {problem}
        </p>
      )}
      <p className="coursework-calendar__status" role="status" aria-live="polite">
        {busy
          ? 'Reading your calendar…'
          : props.readOnly
            ? READ_ONLY_TEXT[props.readOnly]
            : feed && feed.status === 'current' && coursework
              ? `${coursework.items.length} upcoming ${coursework.items.length === 1 ? 'item' : 'items'} from your calendar.`
              : ''}
      </p>
    </AccountSection>
  );
}
