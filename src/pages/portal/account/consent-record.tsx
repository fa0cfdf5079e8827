import { useLingui } from '@lingui/react/macro';
import type { ConsentRecord } from '../../../../contract/delegates.schema.js';
import { fetchConsentRecords } from '../../../api/delegations.js';
import { usePortal } from '../../../routes/portal/context.js';
import { SectionStatus } from '../../../ui/portal/section-status.js';
import { useSection } from '../shared/use-section.js';
import { categoryPhrase } from '../../../lib/delegate-capacity.js';
import { longDay, viewedWhen } from './share-words.js';
import './shares.css';

const PRINTING = 'consent-record--printing';

/**
 * Prints this consent record alone (shares.css takes the rest of the page, the frame's too, out of
 * print): marked until the browser says printing is over (`afterprint`), which some browsers say
 * only after `print()` has returned.
 */
function printRecord(event: { currentTarget: HTMLElement }) {
  const record = event.currentTarget.closest('.consent-record');
  if (!record) return;
  const done = () => {
    document.body.classList.remove('printing-consent');
    record.classList.remove(PRINTING);
  };
  document.body.classList.add('printing-consent');
  record.classList.add(PRINTING);
  window.addEventListener('afterprint', done, { once: true });
  window.print();
}

/**
 * Issue 73 (FERPA 34 CFR 99.30): a grant's signed consent records as written, never edited: who,
 * what, why, to whom, from, until, and when it was signed; "Print" prints this record alone.
 */
export function ConsentRecords({ delegation }: { delegation: number }) {
  const { t, i18n } = useLingui();
  const { http, campus } = usePortal();
  const { status, data, retry } = useSection(
    'delegations',
    () => fetchConsentRecords(http, delegation),
    (records: ConsentRecord[]) => records.length === 0,
    [delegation],
  );
  const zone = campus.timeZone;
  return (
    <SectionStatus
      status={status}
      emptyText={t`No consent record.`}
      errorText={t`The consent record is not available at this time.`}
      onRetry={retry}
    >
      {() => (
        <div className="consent-record">
          {(data ?? []).map((r) => {
            const change =
              r.change === 'grant'
                ? t`Consent given`
                : r.change === 'change'
                  ? t`Consent changed`
                  : t`Consent withdrawn`;
            const signer = r.signed_by;
            // "27 November 2026, 19:37": the same day format as the record's other dates.
            const signedAt = `${longDay(r.signed_at, zone)}, ${viewedWhen(r.signed_at, zone).time}`;
            return (
              <section key={r.id} className="consent-record__entry" aria-label={change}>
                <h4>{change}</h4>
                <dl>
                  <dt>{t`Student`}</dt>
                  <dd>{`${r.student_name} (${r.student_username})`}</dd>
                  <dt>{t`Records shared`}</dt>
                  <dd>{categoryPhrase(i18n, r.categories)}</dd>
                  <dt>{t`Purpose`}</dt>
                  <dd>{r.purpose}</dd>
                  <dt>{t`Shared with`}</dt>
                  <dd>{`${r.delegate_name} <${r.delegate_email}>`}</dd>
                  <dt>{t`From`}</dt>
                  <dd>{longDay(r.starts_at, zone)}</dd>
                  <dt>{t`Until`}</dt>
                  <dd>{longDay(r.ends_at, zone)}</dd>
                  <dt>{t`Signed`}</dt>
                  <dd>{t`by ${signer} on ${signedAt}`}</dd>
                </dl>
              </section>
            );
          })}
          <p className="consent-record__print">
            <button type="button" className="button button--quiet" onClick={printRecord}>
              {t`Print the consent record`}
            </button>
          </p>
        </div>
      )}
    </SectionStatus>
  );
}
