import type { FoundPerson, ViewAsRecord } from '../../../db/repositories/view-as.repository.js';
import { formatCampus } from '../../../admin/campus-time.js';
import type { FormState } from '../../../admin/fields.js';
import { CsrfField, DataTable, ErrorSummary, Hidden, Input } from '../../../admin/fields.js';

export interface ViewAsPageProps {
  query: string;
  found: FoundPerson[] | null;
  /** The person chosen, whose reason and ticket the second form asks for. */
  chosen: FoundPerson | null;
  state: FormState;
  csrf: string;
  /** The view this session runs, if any (it may be ended here). */
  running: { view: ViewAsRecord; name: string } | null;
  minutes: number;
  timeZone: string;
}

const nameOf = (p: FoundPerson) => `${p.first_name} ${p.last_name}`.trim();

function Running(props: {
  running: NonNullable<ViewAsPageProps['running']>;
  csrf: string;
  timeZone: string;
}) {
  const { running, csrf, timeZone } = props;
  return (
    <section aria-labelledby="running">
      <h2 id="running">Your view running</h2>
      <p>
        You are viewing the portal as <strong>{running.name}</strong>, read only, until{' '}
        {formatCampus(running.view.endsAt.toISOString(), timeZone)}. Reason: {running.view.reason}
        {running.view.ticket ? ` (ticket ${running.view.ticket})` : ''}.
      </p>
      <form method="post" action="/admin/view-as/end">
        <CsrfField csrf={csrf} />
        <div className="actions">
          <a href="/">Open the portal</a> <button type="submit">End the view</button>
        </div>
      </form>
    </section>
  );
}

function StartForm(props: {
  chosen: FoundPerson;
  state: FormState;
  csrf: string;
  minutes: number;
}) {
  const { chosen, state, csrf, minutes } = props;
  return (
    <section aria-labelledby="start">
      <h2 id="start">View as {nameOf(chosen)}</h2>
      <p>
        {chosen.username} · student number {chosen.nine_number || '—'}. The view is read only and
        lasts {minutes} minutes at most. The student can see that you looked, when, for how long and
        why.
      </p>
      <ErrorSummary errors={state.errors} />
      <form method="post" action="/admin/view-as">
        <CsrfField csrf={csrf} />
        <Hidden name="username" value={chosen.username} />
        <Input
          state={state}
          name="reason"
          label="Reason (required)"
          hint="Why you need to see this portal, as the student will read it."
          required
        />
        <Input state={state} name="ticket" label="Ticket number (optional)" />
        <div className="actions">
          <button type="submit">Start</button> <a href="/admin/view-as">Cancel</a>
        </div>
      </form>
    </section>
  );
}

/** The view-as page: a search, its results, the chosen person's start form, the view running. */
export function ViewAsBody(props: ViewAsPageProps) {
  const { query, found, chosen, state, csrf, running, minutes, timeZone } = props;
  return (
    <>
      <p>
        See the portal and Next Steps exactly as a student sees them, read only, to answer their
        question. Every view is recorded with its reason and shown to the student.
      </p>
      {running ? <Running running={running} csrf={csrf} timeZone={timeZone} /> : null}
      {chosen ? (
        <StartForm chosen={chosen} state={state} csrf={csrf} minutes={minutes} />
      ) : (
        <>
          <h2>Find a person</h2>
          <form className="filters" method="get" action="/admin/view-as" role="search">
            <Input
              state={{ values: { q: query }, errors: {} }}
              name="q"
              label="Username, student number or name"
            />
            <div className="actions">
              <button type="submit">Find</button>
            </div>
          </form>
          {found === null ? null : found.length === 0 ? (
            <p role="status">Nobody found for “{query}”.</p>
          ) : (
            <DataTable
              label="People found"
              caption={`${found.length} found`}
              headers={['Name', 'Username', 'Student number', 'Role', '']}
              rows={found.map((p) => ({
                key: p.id,
                cells: [
                  nameOf(p),
                  p.username,
                  p.nine_number || '—',
                  p.primary_role,
                  <a
                    href={`/admin/view-as?${new URLSearchParams({ person: p.username }).toString()}`}
                  >
                    View as<span className="visually-hidden"> {nameOf(p)}</span>
                  </a>,
                ],
              }))}
            />
          )}
        </>
      )}
    </>
  );
}
