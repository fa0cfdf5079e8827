import type { ConsentRecord, Delegation } from '../../../contract/delegates.schema.js';
import { formatCampus } from '../../admin/campus-time.js';
import { CsrfField, DataTable } from '../../admin/fields.js';

const CATEGORY: Record<Delegation['categories'][number], string> = {
  finances: 'Finances and holds',
  academics: 'Academics: schedule and grades',
  'next-steps': 'Next Steps',
  messages: "The university's messages",
};
const categories = (list: readonly Delegation['categories'][number][]) =>
  list.map((c) => CATEGORY[c]).join(', ');

export interface GrantRow {
  grant: Delegation;
  student: string;
}

/** Every grant students made (newest first): who shares what with whom, until when, its state. */
export function ConsentList(props: { rows: readonly GrantRow[]; timeZone: string }) {
  return (
    <>
      <h1>Family access</h1>
      <p>
        What students share with people they name (FERPA, 34 CFR 99.30). Each grant keeps its signed
        consent records; revoking one refuses its delegate from the next request on and tells both.
      </p>
      <DataTable
        label="Grants"
        caption="Grants, newest first"
        headers={['Student', 'Shared with', 'Records', 'Until', 'State', '']}
        rows={props.rows.map(({ grant, student }) => ({
          key: grant.id,
          cells: [
            student,
            `${grant.name} <${grant.email}>`,
            categories(grant.categories),
            formatCampus(grant.ends_at, props.timeZone),
            grant.state,
            <a key="open" href={`/admin/consents/${grant.id}`}>
              Consent records<span className="visually-hidden"> of grant {grant.id}</span>
            </a>,
          ],
        }))}
      />
    </>
  );
}

/** One grant's consent records, oldest first, and its revocation. */
export function ConsentDetail(props: {
  grant: Delegation;
  records: readonly ConsentRecord[];
  csrf: string;
  timeZone: string;
}) {
  const { grant } = props;
  return (
    <>
      <h1>
        Grant {grant.id}: {grant.name}
      </h1>
      <p>
        State: {grant.state}. <a href="/admin/consents">Back to family access</a>
      </p>
      {props.records.map((r) => (
        <section key={r.id} aria-labelledby={`consent-${r.id}`}>
          <h2 id={`consent-${r.id}`}>
            Consent record {r.id} ({r.change})
          </h2>
          <dl>
            <dt>Student</dt>
            <dd>
              {r.student_name} ({r.student_username})
            </dd>
            <dt>Records shared</dt>
            <dd>{categories(r.categories)}</dd>
            <dt>Purpose</dt>
            <dd>{r.purpose}</dd>
            <dt>Shared with</dt>
            <dd>
              {r.delegate_name} &lt;{r.delegate_email}&gt;
            </dd>
            <dt>From – until</dt>
            <dd>
              {formatCampus(r.starts_at, props.timeZone)} –{' '}
              {formatCampus(r.ends_at, props.timeZone)}
            </dd>
            <dt>Signed</dt>
            <dd>
              by {r.signed_by}, {formatCampus(r.signed_at, props.timeZone)}
            </dd>
          </dl>
        </section>
      ))}
      {grant.state === 'active' ? (
        <form method="post" action={`/admin/consents/${grant.id}/revoke`}>
          <CsrfField csrf={props.csrf} />
          <button type="submit">Revoke this grant</button>
        </form>
      ) : null}
    </>
  );
}
