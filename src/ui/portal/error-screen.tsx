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
        <h1>You’re offline</h1>
        <p>
          This device has no connection, and nothing of this page was kept on it. The portal needs a
          connection to sign you in and to load what you have not opened before.
        </p>
        <p className="error-screen__links">
          <a href={typeof location === 'undefined' ? '/' : location.href}>Try again</a>
        </p>
      </main>
    );
  }
  return (
    <main className="error-screen" id="main">
      <h1>{failure ? 'Uh-oh! (500 Error)' : 'One moment, please (503 Error)'}</h1>
      {failure ? (
        <p>Something went wrong with this app. It&apos;s our fault, not yours.</p>
      ) : (
        <>
          <p>The portal is currently undergoing maintenance or otherwise unavailable.</p>
          <p>Please check back soon: the portal will return.</p>
        </>
      )}
      <p className="error-screen__links">
        <a href="/">Head back and retry</a>
        <a href={feedbackUrl} target="_blank" rel="noopener noreferrer">
          Send feedback
        </a>
      </p>
    </main>
  );
}
