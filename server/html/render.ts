import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * An admin page as HTML: React escapes every text and attribute it is given, so nothing a field, a
 * feed or a person typed can become markup, and no view escapes by hand.
 */
export const renderDocument = (page: ReactNode) => `<!doctype html>\n${renderToStaticMarkup(page)}`;
