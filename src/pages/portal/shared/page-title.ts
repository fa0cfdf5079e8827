import { useDocumentTitle } from '../../shared/document-title.js';
import { usePortal } from '../../../routes/portal/context.js';

/**
 * Sets the portal page's document title: `usePageTitle('Academics')` gives
 * "Academics · Campus Portal" (the product name from the campus configuration). Every portal
 * route calls it; `null` while the page does not know its title yet.
 */
export function usePageTitle(page: string | null): void {
  const { campus } = usePortal();
  useDocumentTitle(page, campus.productName);
}
