import { useCallback, useId, useState } from 'react';
import { disclosureAttributes } from '../lib/disclosure.js';
import type { DisclosureAttributes } from '../lib/disclosure.js';

export interface Disclosure extends DisclosureAttributes {
  open: boolean;
  toggle: () => void;
}

/**
 * A disclosure whose component owns its open state (src/lib/disclosure.ts has the rule): closed at
 * first, opened and closed by its button. Spread `button` on the native button and `panel` on the
 * element it shows and hides.
 */
export function useDisclosure(panelId?: string): Disclosure {
  const [open, setOpen] = useState(false);
  const ownId = useId();
  const toggle = useCallback(() => setOpen((was) => !was), []);
  return { open, toggle, ...disclosureAttributes(open, panelId ?? ownId) };
}
