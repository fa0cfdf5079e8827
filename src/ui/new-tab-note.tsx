import { Trans } from '@lingui/react/macro';

/**
 * What a screen reader hears after a link that opens another site in a new tab (WCAG 3.2.5): " (opens
 * in a new tab)", in the page's language, after the link's own name (often a record's, in English).
 */
export function NewTabNote() {
  return (
    <span className="visually-hidden">
      {' '}
      <Trans>(opens in a new tab)</Trans>
    </span>
  );
}
