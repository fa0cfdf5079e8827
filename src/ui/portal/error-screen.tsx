/** portal.md §2 Error screen: error state 2 is our fault; any other state above 1 is an outage. */
export function ErrorScreen({
  errorState,
  feedbackUrl,
}: {
  errorState: number;
  feedbackUrl: string;
}) {
  const failure = errorState === 2;
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
