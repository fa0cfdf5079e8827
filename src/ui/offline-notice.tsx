import { Trans } from '@lingui/react/macro';
import './update-notice.css';

/**
 * The page shows what was kept for offline (issue 44): when that was current; once the connection
 * is back, an offer to reload for what is new. The region is on the page from the start, empty
 * while online, so a screen reader announces the notice when its words appear (issue 57); it sits
 * in the page's flow above everything, never over a task or the focused control (WCAG 2.4.11).
 */
export function OfflineNotice(props: {
  state: 'online' | 'offline' | 'reconnected';
  /** "9:41 AM": when what the page shows was current, on the campus clock. */
  keptAt: string;
  /** Part of the page could not be read and was not kept: said here, in the one message (issue 76). */
  partial?: boolean;
  onReload: () => void;
  onDismiss: () => void;
}) {
  const keptAt = props.keptAt;
  const modifier =
    props.state === 'online' ? ' offline-notice--online' : ` offline-notice--${props.state}`;
  return (
    <div className={`offline-notice${modifier}`} role="status">
      {props.state === 'offline' && (
        <p className="update-notice__text">
          {props.partial ? (
            <Trans>
              Offline — showing what you saw at {keptAt}. The rest of this page was not kept on this
              device.
            </Trans>
          ) : (
            <Trans>Offline — showing what you saw at {keptAt}</Trans>
          )}
        </p>
      )}
      {props.state === 'reconnected' && (
        <>
          <p className="update-notice__text">
            <Trans>You’re back online.</Trans>
          </p>
          <button type="button" className="update-notice__reload" onClick={props.onReload}>
            <Trans>Reload</Trans>
          </button>
          <button type="button" className="update-notice__later" onClick={props.onDismiss}>
            <Trans>Dismiss</Trans>
          </button>
        </>
      )}
    </div>
  );
}
