import type { AdminAuditQuery } from '../../../contract/admin/admin.schema.js';
import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { formatCampus } from '../../admin/campus-time.js';
import { DataTable, Input, Select } from '../../admin/fields.js';
import { LatePaymentsNotice } from './late-payments-view.js';
import type { LatePayment } from './late-payments-view.js';
import type { Pager } from '../../admin/pager.js';
import { PageLinks, pageHref } from '../../admin/pager.js';

/** The most of one value the activity shows; the entry's own page shows all of it. */
const VALUE_CHARS = 120;

/** A value as the activity shows it, cut to `VALUE_CHARS` with an ellipsis; `cut` says whether it was. */
function shown(value: unknown, raw = false): { text: string; cut: boolean } {
  const text =
    value === null || value === undefined || value === ''
      ? '—'
      : raw
        ? String(value)
        : JSON.stringify(value);
  const chars = [...text];
  if (chars.length <= VALUE_CHARS) return { text, cut: false };
  return { text: `${chars.slice(0, VALUE_CHARS - 1).join('')}…`, cut: true };
}

function Changes({ entry }: { entry: AuditEntry & { id: number } }) {
  const changes = Object.entries(entry.changes ?? {}).map(([field, c]) => ({
    field,
    before: shown(c.before),
    after: shown(c.after),
  }));
  const detail = Object.entries(entry.detail).map(([k, v]) => ({ k, v: shown(v, true) }));
  if (changes.length === 0 && detail.length === 0) return null;
  const cut = changes.some((c) => c.before.cut || c.after.cut) || detail.some((d) => d.v.cut);
  return (
    <>
      <ul className="changes">
        {changes.map(({ field, before, after }) => (
          <li key={`c-${field}`}>
            <strong>{field}</strong>: {before.text} → {after.text}
          </li>
        ))}
        {detail.map(({ k, v }) => (
          <li key={`d-${k}`}>
            {k}: {v.text}
          </li>
        ))}
      </ul>
      {cut && (
        <a href={`/admin/activity/${entry.id}`} aria-label={`Full values of entry ${entry.id}`}>
          Full values
        </a>
      )}
    </>
  );
}

/** The audit trail with its filters: who, what kind of object, which days. */
export function ActivityBody(props: {
  entries: Array<AuditEntry & { id: number }>;
  /** Whether older entries than this page's exist. */
  older: boolean;
  kinds: string[];
  query: AdminAuditQuery;
  timeZone: string;
  /** What the last read of a configured feed found wrong (feeds/feed-problems.ts). */
  feedProblems?: { feed: string; problem: string; since: string }[];
  /** Received payments not posted within the campus's window (issue 89). */
  latePayments?: { payments: LatePayment[]; days: number };
}) {
  const { entries, kinds, query, timeZone, older } = props;
  const later = query.before !== undefined;
  const pager: Pager = {
    list: '/admin',
    filters: { person: query.person, kind: query.kind, from: query.from, until: query.until },
    cursor: 'before',
    at: query.before,
    next: older ? entries.at(-1)?.id : undefined,
    words: { first: 'Newest entries', next: 'Older entries', label: 'Activity pages' },
  };
  const problems = props.feedProblems ?? [];
  const state = {
    values: {
      person: query.person ?? '',
      kind: query.kind ?? '',
      from: query.from ?? '',
      until: query.until ?? '',
    },
    errors: {},
  };
  return (
    <>
      {props.latePayments && <LatePaymentsNotice {...props.latePayments} timeZone={timeZone} />}
      {problems.length > 0 && (
        <div className="notice problem" role="alert">
          <h2>A feed needs attention</h2>
          <ul>
            {problems.map((p) => (
              <li key={p.feed}>
                <strong>{p.feed}</strong>: {p.problem} (since {formatCampus(p.since, timeZone)}).
                People see an empty block until the feed or the campus configuration&rsquo;s{' '}
                <code>campusGroups</code> fields are fixed.
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>Every sign-in, sign-out and change made here, with who made it and what it changed.</p>
      <form
        className="filters"
        method="get"
        action="/admin"
        role="search"
        aria-label="Filter the activity"
      >
        <Input state={state} name="person" label="Person (username)" />
        <Select
          state={state}
          name="kind"
          label="Kind"
          options={[['', 'Any kind'], ...kinds.map((k) => [k, k] as const)]}
        />
        <Input state={state} name="from" label="From" type="date" />
        <Input state={state} name="until" label="Until" type="date" />
        <div className="actions">
          <button type="submit">Filter</button> <a href="/admin">Clear</a>
        </div>
      </form>
      {entries.length === 0 ? (
        <p>
          {later ? (
            <>
              Nothing older recorded. <a href={pageHref(pager)}>The newest entries</a>
            </>
          ) : (
            'Nothing recorded matches these filters.'
          )}
        </p>
      ) : (
        <DataTable
          label="Activity"
          caption={`Newest first${later ? ', older entries' : ''} (${entries.length})`}
          headers={['When', 'Who', 'What', 'Object', 'Fields before → after']}
          rows={entries.map((e) => ({
            key: e.id,
            cells: [
              formatCampus(e.at, timeZone),
              e.username ?? '—',
              e.action,
              e.kind ? `${e.kind} ${e.objectId ?? ''}` : '',
              <Changes entry={e} />,
            ],
          }))}
        />
      )}
      <PageLinks pager={pager} />
    </>
  );
}
