import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { AccountSection } from './account-section.js';
import { ADD_TO_HOME_SCREEN } from './home-screen.js';

export type InstallAppShown = 'available' | 'prompting' | 'installed' | 'homeScreen' | 'hidden';

export interface InstallAppProps {
  view: InstallAppShown;
  /** The browser did not show its install dialog. */
  failed: boolean;
  onInstall: () => void;
}

/**
 * Account's "Install the app" (issue 44): shown only where the browser offered to install the
 * portal, with the one button that asks it to; on iPhone and iPad, where Safari has no such dialog,
 * how to add the portal to the Home Screen. Nothing when there is nothing to offer (the portal
 * already runs installed, or the browser offers nothing). Once the browser's dialog is answered,
 * focus goes to the button again (dismissed) or to the status (installed, or the dialog failed):
 * never to the page's body, as the button goes away.
 */
export function InstallApp({ view, failed, onInstall }: InstallAppProps) {
  const { i18n, t } = useLingui();
  const status = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const before = useRef(view);
  useEffect(() => {
    const answered = before.current === 'prompting' && view !== 'prompting';
    before.current = view;
    if (!answered) return;
    if (view === 'available' && !failed) button.current?.focus();
    else status.current?.focus();
  }, [view, failed]);
  if (view === 'hidden') return null;
  return (
    <AccountSection id="install" title={t`Install the app`}>
      {view === 'homeScreen' && <p>{i18n._(ADD_TO_HOME_SCREEN.install)}</p>}
      {(view === 'available' || view === 'prompting') && (
        <>
          <p className="muted">
            <Trans>
              Open the portal from your home screen or app list, in a window of its own.
            </Trans>
          </p>
          <button
            ref={button}
            type="button"
            className="button"
            aria-disabled={view === 'prompting'}
            onClick={onInstall}
          >
            <Trans>Install the app</Trans>
          </button>
        </>
      )}
      <p ref={status} className="preferences__status" role="status" tabIndex={-1}>
        {view === 'installed'
          ? t`Installed. Open it from your home screen or app list.`
          : failed
            ? t`The browser did not show its install dialog. Use Install app in the browser's menu.`
            : ''}
      </p>
    </AccountSection>
  );
}
