import { Trans } from '@lingui/react/macro';

/**
 * Next Steps for a person whose roles have no checklist (issue #28): what Next Steps is and the way
 * back to the portal, instead of an empty list or another group's tasks.
 */
export function NoChecklist() {
  return (
    <section className="page ns-welcome" aria-labelledby="ns-welcome-heading">
      <h1 id="ns-welcome-heading" className="page__title">
        <Trans>Next Steps</Trans>
      </h1>
      <p className="ns-welcome__lead">
        <Trans>
          Next Steps is the checklist students follow through the year: financial aid, registration,
          orientation and their deadlines, one task at a time.
        </Trans>
      </p>
      <p>
        <Trans>There are no tasks for your roles, so there is nothing for you to do here.</Trans>
      </p>
      <p>
        <a className="ns-welcome__back" href="/">
          <Trans>Back to the Campus Portal</Trans>
        </a>
      </p>
    </section>
  );
}
