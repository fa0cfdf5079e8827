/**
 * The one open/closed rule of every disclosure (portal.md §2 and §4: the Account page's profile
 * section, accordion posts, a course's details, the banner's "Show N more"): a native button carries
 * `aria-expanded` and always names its panel with `aria-controls`; the panel stays in the page,
 * `hidden` while closed, so what it holds stays loaded and the button's reference stays valid. A
 * disclosure starts closed unless its container decides otherwise (the Account page's profile
 * section: disclosure.machine.ts). Menus (a panel that closes on Escape and on leaving it) are not
 * disclosures: src/ui/menu-disclosure.tsx.
 */
export interface DisclosureAttributes {
  button: { 'aria-expanded': boolean; 'aria-controls': string };
  panel: { id: string; hidden: boolean };
}

/** The button's and the panel's attributes for a disclosure that is `open` or not. */
export function disclosureAttributes(open: boolean, panelId: string): DisclosureAttributes {
  return {
    button: { 'aria-expanded': open, 'aria-controls': panelId },
    panel: { id: panelId, hidden: !open },
  };
}

/** What a list shows when the items past the first `shown` fold behind "Show N more". */
export interface Folding {
  /** How many items are behind the button while closed. */
  folded: number;
  /** Whether there is anything to fold, and so a button at all. */
  folds: boolean;
  /** The button's words: "Show N more" while closed, "Show fewer" while open. */
  label: string;
  /** Whether the item at `index` is hidden. */
  hidden: (index: number) => boolean;
}

/** A list of `total` items that shows the first `shown` and folds the rest behind one disclosure. */
export function folding(total: number, shown: number, open: boolean): Folding {
  const folded = Math.max(0, total - shown);
  return {
    folded,
    folds: folded > 0,
    label: open ? 'Show fewer' : `Show ${folded} more`,
    hidden: (index) => !open && index >= shown,
  };
}
