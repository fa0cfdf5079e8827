import { Trans } from '@lingui/react/macro';

/** portal.md §2 Error screen: error state 2 is our fault; any other state above 1 is an outage. */
export function ErrorScreen({
  errorState,
  feedbackUrl,
  offline = false,
}: {
  errorState: number;
  feedbackUrl: string;
  /** The browser has no connection: the outage is this device's, not the portal's (issue 57). */
  offline?: boolean;
}) {
  const failure = errorState === 2;
  if (!failure && offline) {
    return (
      <main className="error-screen" id="main">
        <h1>
          <Trans>You’re offline</Trans>
        </h1>
        <p>
          <Trans>
            This device has no connection, and nothing of this page was kept on it. The portal needs
            a connection to sign you in and to load what you have not opened before.
          </Trans>
        </p>
        <p className="error-screen__links">
          <a href={typeof location === 'undefined' ? '/' : location.href}>
            <Trans>Try again</Trans>
          </a>
        </p>
      </main>
    );
  }
  return (
    <main className="error-screen" id="main">
      <h1>
        {failure ? (
          <Trans>Uh-oh! (500 Error)</Trans>
        ) : (
          <Trans>One moment, please (503 Error)</Trans>
        )}
      </h1>
      {failure ? (
        <p>
          <Trans>Something went wrong with this app. It&apos;s our fault, not yours.</Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>The portal is currently undergoing maintenance or otherwise unavailable.</Trans>
          </p>
          <p>
            <Trans>Please check back soon: the portal will return.</Trans>
          </p>
        </>
      )}
      <p className="error-screen__links">
        <a href="/">
          <Trans>Head back and retry</Trans>
        </a>
        <a href={feedbackUrl} target="_blank" rel="noopener noreferrer">
          <Trans>Send feedback</Trans>
        </a>
      </p>
    </main>
  );
}
