import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PortalView } from '../../../../contract/portal-views.schema.js';

/**
 * Issue 73, Account → "Who has seen your portal": each view of the person's portal by support: when,
 * for how long, the office (and the name where the campus shows it), the reason.
 */
export function PortalViewsList({
  views,
  formatDate,
}: {
  views: readonly PortalView[];
  formatDate: (iso: string) => string;
}) {
  const { t } = useLingui();
  return (
    <>
      <p>
        <Trans>
          The help desk may look at your portal, read only, to answer a question. Each time is
          listed here.
        </Trans>
      </p>
      <ul className="portal-views">
        {views.map((v) => {
          const who = v.name === null ? v.office : `${v.office} (${v.name})`;
          const { minutes, reason } = v;
          const long = plural(minutes, { one: '# minute', other: '# minutes' });
          return (
            <li key={v.started_at} className="portal-views__item">
              <p className="portal-views__when">
                <time dateTime={v.started_at}>{formatDate(v.started_at)}</time>
                {' · '}
                {v.ended_at === null ? t`still going, ${long} so far` : long}
              </p>
              <p className="portal-views__who">{t`Viewed by ${who}`}</p>
              <p className="portal-views__reason">{t`Reason: ${reason}`}</p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
