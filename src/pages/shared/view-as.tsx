import { Suspense, lazy } from 'react';
import type { ViewingAs } from '../../../contract/view-as.schema.js';
// The bar's styles with the page's own, so a bar the server drew paints styled before any script.
import '../../ui/view-as-bar.css';

import type ViewAsBarOnce from '../../ui/view-as-bar.js';

/** The bar's code once loaded (a module's, as `lazy` keeps it): drawn at once from then on. */
const loaded = new Map<'bar', typeof ViewAsBarOnce>();
const loadBar = () =>
  import('../../ui/view-as-bar.js').then((module) => {
    loaded.set('bar', module.default);
    return module;
  });

// The bar's words: a chunk of its own, loaded only while a view runs (issue 73).
const LazyViewAsBar = lazy(loadBar);

/**
 * Issue 87: the bar's code and the viewer's words at hand before a page with the bar is drawn on
 * the server (every language: the server does not know the viewer's before it draws) or taken over
 * in the browser (the language of the bar the server drew), so both draw it at once, the same.
 */
export async function readyViewAsBar(languages: readonly string[]): Promise<void> {
  const { default: bar, readyViewer } = await import('../../ui/view-as-bar.js');
  loaded.set('bar', bar);
  await Promise.all(languages.map(readyViewer));
}

/** The language of the view-as bar a drawn page holds, if it holds one. */
export const drawnViewerLanguage = (): string | null =>
  document.querySelector('.view-as-bar')?.getAttribute('lang') ?? null;

/**
 * The view-as bar's place, first in the page (and in keyboard order), above each app's frame; empty
 * unless support views the portal as the student (the user answer's `view_as`). `csrf` is the
 * session's token End posts: the same on the server (the request's cookie) as in the browser.
 */
export function ViewAsSlot({ viewAs, csrf }: { viewAs: ViewingAs | null; csrf: string | null }) {
  if (!viewAs) return null;
  const ViewAsBar = loaded.get('bar') ?? LazyViewAsBar;
  return (
    <Suspense fallback={null}>
      <ViewAsBar viewAs={viewAs} csrf={csrf ?? ''} />
    </Suspense>
  );
}
