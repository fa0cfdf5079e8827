/** portal.md §8 Banner: the integration warning, verbatim. */
export const INTEGRATION_WARNING =
  'Student Information Systems integration are currently unavailable. Please check back again later.';

export function IntegrationBanner() {
  return (
    <div className="banner banner--warning" role="alert">
      {INTEGRATION_WARNING}
    </div>
  );
}
