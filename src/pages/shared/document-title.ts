import { useEffect } from 'react';
import { documentTitle } from '../../lib/title.js';

/**
 * Sets the document title while the calling route is shown: `useDocumentTitle('Academics',
 * 'Campus Portal')` gives "Academics · Campus Portal". A `null` page leaves the title alone (still
 * loading).
 */
export function useDocumentTitle(page: string | null, product: string): void {
  useEffect(() => {
    if (page !== null) document.title = documentTitle(page, product);
  }, [page, product]);
}
