import type { EmergencyAlert } from '../../../contract/alerts.schema.js';
import './messages.css';

export interface EmergencyAlertsProps {
  alerts: readonly EmergencyAlert[];
  formatDate: (iso: string) => string;
  onRead: (id: string) => void;
}

/**
 * portal.md §2, §4: unread emergency alerts, above everything else on every page, announced to screen
 * readers, until the person marks them read. Texts are plain text.
 */
export function EmergencyAlerts({ alerts, formatDate, onRead }: EmergencyAlertsProps) {
  if (alerts.length === 0) return null;
  return (
    <div className="emergency-alerts">
      {alerts.map((alert) => (
        <div key={alert.id} className="emergency-alert" role="alert">
          <div className="emergency-alert__text">
            <p className="emergency-alert__title">
              <span className="emergency-alert__label">Emergency alert:</span> {alert.title}
            </p>
            {alert.description && <p>{alert.description}</p>}
            <p className="emergency-alert__date">
              <time dateTime={alert.pubDate}>{formatDate(alert.pubDate)}</time>
            </p>
          </div>
          <button
            type="button"
            className="emergency-alert__read"
            aria-label={`Mark read: ${alert.title}`}
            onClick={() => onRead(alert.id)}
          >
            Mark read
          </button>
        </div>
      ))}
    </div>
  );
}
