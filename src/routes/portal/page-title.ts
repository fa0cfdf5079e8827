import { useEffect } from 'react';
import { usePortal } from './context.js';

/** Every route sets its document title: "<Page> · <product name>". */
export function usePageTitle(page: string) {
  const { campus } = usePortal();
  useEffect(() => {
    document.title = `${page} · ${campus.productName}`;
  }, [page, campus.productName]);
}
