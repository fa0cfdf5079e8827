import type { AdminAuditQuery } from '../../../contract/admin/admin.schema.js';
import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { formatCampus } from '../../admin/campus-time.js';
import { DataTable, Input, Select } from '../../admin/fields.js';

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : JSON.stringify(value);

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  const detail = Object.entries(entry.detail);
  if (changes.length === 0 && detail.length === 0) return null;
  return (
    <ul className="changes">
      {changes.map(([field, c]) => (
        <li key={`c-${field}`}>
          <strong>{field}</strong>: {show(c.before)} → {show(c.after)}
        </li>
      ))}
      {detail.map(([k, v]) => (
        <li key={`d-${k}`}>
          {k}: {String(v)}
        </li>
      ))}
    </ul>
  );
}

/** The audit trail with its filters: who, what kind of object, which days. */
export function ActivityBody(props: {
  entries: AuditEntry[];
  kinds: string[];
  query: AdminAuditQuery;
  timeZone: string;
  /** What the last read of a configured feed found wrong (feeds/feed-problems.ts). */
  feedProblems?: { feed: string; problem: string; since: string }[];
}) {
  const { entries, kinds, query, timeZone } = props;
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
        <p>Nothing recorded matches these filters.</p>
      ) : (
        <DataTable
          label="Activity"
          caption={`Newest first (${entries.length})`}
          headers={['When', 'Who', 'What', 'Object', 'Fields before → after']}
          rows={entries.map((e, i) => ({
            key: i,
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
    </>
  );
}
