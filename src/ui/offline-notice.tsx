import './update-notice.css';

/**
 * The page shows what was kept for offline (issue 44): when that was current; once the connection
 * is back, an offer to reload for what is new.
 */
export function OfflineNotice(props: {
  state: 'offline' | 'reconnected';
  /** "9:41 AM": when what the page shows was current. */
  keptAt: string;
  onReload: () => void;
  onDismiss: () => void;
}) {
  if (props.state === 'offline') {
    return (
      <div className="update-notice update-notice--offline" role="status">
        <p className="update-notice__text">Offline — showing what you saw at {props.keptAt}</p>
      </div>
    );
  }
  return (
    <div className="update-notice" role="status">
      <p className="update-notice__text">You’re back online.</p>
      <button type="button" className="update-notice__reload" onClick={props.onReload}>
        Reload
      </button>
      <button type="button" className="update-notice__later" onClick={props.onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
