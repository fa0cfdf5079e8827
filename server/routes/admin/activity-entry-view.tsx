import type { AuditEntry } from '../../db/repositories/audit.repository.js';
import { formatCampus } from '../../admin/campus-time.js';

const full = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : JSON.stringify(value, null, 2);

/**
 * `/admin/activity/:id`: one entry of the activity with every value as recorded, the page the
 * activity's cut values link to.
 */
export function AuditEntryBody(props: { entry: AuditEntry & { id: number }; timeZone: string }) {
  const { entry, timeZone } = props;
  const changes = Object.entries(entry.changes ?? {});
  const detail = Object.entries(entry.detail);
  return (
    <>
      <p>
        <a href="/admin">Back to the activity</a>
      </p>
      <dl className="entry">
        <dt>When</dt>
        <dd>{formatCampus(entry.at, timeZone)}</dd>
        <dt>Who</dt>
        <dd>{entry.username ?? '—'}</dd>
        <dt>What</dt>
        <dd>{entry.action}</dd>
        {entry.kind ? (
          <>
            <dt>Object</dt>
            <dd>{`${entry.kind} ${entry.objectId ?? ''}`}</dd>
          </>
        ) : null}
      </dl>
      {changes.length > 0 && (
        <>
          <h2>Fields before → after</h2>
          {changes.map(([field, c]) => (
            <section key={`c-${field}`} className="field-change">
              <h3>{field}</h3>
              <p>Before:</p>
              <pre>{full(c.before)}</pre>
              <p>After:</p>
              <pre>{full(c.after)}</pre>
            </section>
          ))}
        </>
      )}
      {detail.length > 0 && (
        <>
          <h2>Details</h2>
          <ul className="changes">
            {detail.map(([k, v]) => (
              <li key={`d-${k}`}>
                {k}: <pre>{String(v)}</pre>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
