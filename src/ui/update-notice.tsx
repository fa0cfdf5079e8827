import { Trans } from '@lingui/react/macro';
import './update-notice.css';

/** "A new version is ready — Reload" (issue 44): shown while a new version of the apps waits. */
export function UpdateNotice(props: {
  reloading: boolean;
  onReload: () => void;
  onLater: () => void;
}) {
  return (
    <div className="update-notice" role="status">
      <p className="update-notice__text">
        <Trans>A new version is ready.</Trans>
      </p>
      <button
        type="button"
        className="update-notice__reload"
        disabled={props.reloading}
        onClick={props.onReload}
      >
        <Trans>Reload</Trans>
      </button>
      <button
        type="button"
        className="update-notice__later"
        disabled={props.reloading}
        onClick={props.onLater}
      >
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
