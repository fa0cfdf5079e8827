import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AlertSeverity, EmergencyAlert } from '../../../contract/alerts.schema.js';
import { alertsInFoldOrder } from '../../lib/alert-fold.js';
import { telHref } from '../../lib/tel.js';
import { MessageText } from './message-text.js';
import './messages.css';
import './banner-phone.css';
import { useReadOnly } from '../view-as-context.js';
import { ReadOnlyNote } from '../read-only-note.js';

export interface EmergencyAlertsProps {
  alerts: readonly EmergencyAlert[];
  /** The alert system could not be checked: the page says so instead of showing nothing. */
  unchecked: boolean;
  /** The campus safety number (campus configuration), to call while alerts cannot be checked. */
  safetyPhone: string;
  /** The number as shown (campus configuration, written by the server's phone rule). */
  safetyPhoneLabel?: string | undefined;
  formatDate: (iso: string) => string;
  onRead: (id: string) => void;
}

/**
 * A date-time ("27 nov 2026, 11:26 a.m.") as its date and its time, each kept on one line: beside
 * Mark read on a phone the line wraps between them, never inside the time ("11:26" over "a.m.").
 */
function dateThenTime(text: string) {
  const at = text.lastIndexOf(', ');
  if (at < 0) return text;
  return (
    <>
      <span className="emergency-alert__when">{text.slice(0, at + 1)}</span>{' '}
      <span className="emergency-alert__when">{text.slice(at + 2)}</span>
    </>
  );
}

/** The alerts' read-only note, which each disabled Mark read names. */
const READ_ONLY_NOTE = 'emergency-alerts-read-only';

/** The label before each title: an all-clear or a test never reads as a threat. */
const LABELS: Record<AlertSeverity, MessageDescriptor> = {
  emergency: msg`Emergency alert:`,
  advisory: msg`Advisory:`,
  'all-clear': msg`All clear:`,
  test: msg`Test:`,
};

/** A title that starts with its own label ("All clear: gas leak resolved") is not labelled twice. */
const OWN_LABELS: Record<AlertSeverity, RegExp> = {
  emergency: /^(?:emergency(?:\s+alert)?)\s*[:\-–—]\s*/i,
  advisory: /^advisory\s*[:\-–—]\s*/i,
  'all-clear': /^all[\s-]*clear\s*[:\-–—]\s*/i,
  test: /^test\s*[:\-–—]\s*/i,
};

/** The title as shown after the severity's label. */
const titleAfterLabel = (alert: Pick<EmergencyAlert, 'title' | 'severity'>) =>
  alert.title.replace(OWN_LABELS[alert.severity], '') || alert.title;

function UncheckedNotice(props: { safetyPhone: string; safetyPhoneLabel?: string | undefined }) {
  const { safetyPhone } = props;
  const shown = props.safetyPhoneLabel ?? safetyPhone;
  return (
    <div className="emergency-alert emergency-alert--unchecked" role="status">
      <div className="emergency-alert__text">
        <p className="emergency-alert__title">
          <Trans>Emergency alerts could not be checked right now.</Trans>
        </p>
        <p>
          <Trans>
            If you are in danger, call 911. For campus safety, call{' '}
            <a className="emergency-alert__phone" href={telHref(safetyPhone)}>
              {shown}
            </a>
            .
          </Trans>
        </p>
      </div>
    </div>
  );
}

/**
 * portal.md §2, §4: unread emergency alerts, above everything else on every page, announced to screen
 * readers, until the person marks them read; styled by severity. Texts are plain text whose http(s)
 * addresses are links. The most severe, then newest, shows in full (`alertsInFoldOrder`: an active
 * emergency never folds behind a newer all-clear, issue 57); the others fold under "N more alerts" (a
 * native disclosure), so several live alerts never push the person's own blocks off the first screen
 * (issue 43). When the alert system could not be checked, a notice says so.
 */
export function EmergencyAlerts({
  alerts,
  unchecked,
  safetyPhone,
  safetyPhoneLabel,
  formatDate,
  onRead,
}: EmergencyAlertsProps) {
  if (unchecked)
    return (
      <div className="emergency-alerts">
        <UncheckedNotice safetyPhone={safetyPhone} safetyPhoneLabel={safetyPhoneLabel} />
      </div>
    );
  if (alerts.length === 0) return null;
  const [first, ...earlier] = alertsInFoldOrder(alerts);
  return (
    <div className="emergency-alerts">
      {/* Issue 87: why Mark read is disabled while support views as the student, said with each. */}
      <ReadOnlyNote id={READ_ONLY_NOTE} className="emergency-alerts__read-only" />
      {first && <Alert alert={first} formatDate={formatDate} onRead={onRead} />}
      {earlier.length > 0 && (
        <details className="emergency-alerts__more">
          <summary>
            <Plural value={earlier.length} one="# more alert" other="# more alerts" />
          </summary>
          {earlier.map((alert) => (
            <Alert key={alert.id} alert={alert} formatDate={formatDate} onRead={onRead} />
          ))}
        </details>
      )}
    </div>
  );
}

function Alert({
  alert,
  formatDate,
  onRead,
}: {
  alert: EmergencyAlert;
  formatDate: (iso: string) => string;
  onRead: (id: string) => void;
}) {
  const { i18n, t } = useLingui();
  // Issue 73: support viewing as the student marks nothing read (the note above says why).
  const readOnly = useReadOnly();
  const title = alert.title;
  return (
    <div
      className={`emergency-alert emergency-alert--${alert.severity}`}
      role={alert.severity === 'emergency' ? 'alert' : 'status'}
    >
      <div className="emergency-alert__text">
        <p className="emergency-alert__title">
          <span className="emergency-alert__label">{i18n._(LABELS[alert.severity])}</span>{' '}
          {/* The alert's own language where it differs from the page's (WCAG 3.1.2, issue 59). */}
          <span lang={alert.lang}>{titleAfterLabel(alert)}</span>
        </p>
        {alert.description && <MessageText text={alert.description} lang={alert.lang} />}
        <p className="emergency-alert__date">
          <time dateTime={alert.pubDate}>{dateThenTime(formatDate(alert.pubDate))}</time>
        </p>
      </div>
      <button
        type="button"
        className="emergency-alert__read"
        aria-label={t`Mark read: ${title}`}
        disabled={readOnly}
        aria-describedby={readOnly ? READ_ONLY_NOTE : undefined}
        onClick={() => onRead(alert.id)}
      >
        <Trans>Mark read</Trans>
      </button>
    </div>
  );
}
