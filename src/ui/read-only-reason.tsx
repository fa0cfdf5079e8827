import { useLingui } from '@lingui/react/macro';
import { useContext } from 'react';
import { readOnlyMessage, type ReadOnly } from '../lib/read-only.js';
import { ViewAsContext } from './view-as-context.js';
import { useViewerI18n } from './viewer-i18n.js';

/**
 * Issue 87: why a control cannot save, in words. While support views as the student the reason is
 * the viewer's, in the viewer's language (`viewer_language`, as the bar), marked with its `lang`;
 * otherwise (demo, offline) the reader's. Empty for the moment the viewer's catalogue loads.
 */
export function ReadOnlyReason({ readOnly }: { readOnly: Exclude<ReadOnly, null> }) {
  const viewer = useViewerReason();
  // Read in the page's language, and redrawn when it changes.
  const { i18n } = useLingui();
  if (readOnly === 'view-as' && viewer !== undefined)
    return viewer && <span lang={viewer.lang}>{viewer.text}</span>;
  return <>{i18n._(readOnlyMessage(readOnly))}</>;
}

/**
 * The view-as reason as text in the viewer's language with its language, null while it loads, or
 * undefined when no view runs.
 */
export function useViewerReason(): { text: string; lang: string } | null | undefined {
  const viewAs = useContext(ViewAsContext);
  const viewer = useViewerI18n(viewAs?.viewer_language ?? 'en');
  if (!viewAs) return undefined;
  return viewer && { text: viewer._(readOnlyMessage('view-as')), lang: viewAs.viewer_language };
}

/** The reason as text: the viewer's while a view runs (for attributes, which carry no `lang`). */
export function useReadOnlyWords(): (readOnly: Exclude<ReadOnly, null>) => string {
  const viewer = useViewerReason();
  const { i18n } = useLingui();
  return (readOnly) =>
    readOnly === 'view-as' && viewer ? viewer.text : i18n._(readOnlyMessage(readOnly));
}
