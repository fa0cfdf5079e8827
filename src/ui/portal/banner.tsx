import { Trans } from '@lingui/react/macro';

/** portal.md §8 Banner: the integration warning, verbatim. */
export function IntegrationBanner() {
  return (
    <div className="banner banner--warning" role="alert">
      <Trans>
        Student Information Systems integration are currently unavailable. Please check back again
        later.
      </Trans>
    </div>
  );
}

/** Offline, what the page could not read was not kept on this device: no fault of the SIS (issue 57). */
export function NotAvailableOfflineBanner() {
  return (
    <div className="banner banner--warning" role="status">
      <Trans>
        Not available offline: this page’s information was not kept on this device. It loads again
        once you’re back online.
      </Trans>
    </div>
  );
}
