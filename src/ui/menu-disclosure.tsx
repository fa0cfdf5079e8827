import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/**
 * The one disclosure behaviour of the product's menus (portal.md §2 Safety menu, next-steps.md §2
 * FILTER): a native button with `aria-expanded` opens a panel, which closes on
 *  - Escape, and focus returns to the toggle;
 *  - choosing an entry (a link or button in the panel), and focus returns to the toggle, as the
 *    entry goes away with the panel;
 *  - tabbing out of the menu (focus moves on to where the person went);
 *  - a press outside the menu.
 * Not the `popover` attribute: its light dismiss does not cover tabbing out, and its open state
 * would live in the DOM beside the owner's (the menu machine for Safety), two sources of truth.
 */
export function MenuDisclosure(props: {
  /** The toggle's text, also its accessible name. */
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** The id of the panel `children` renders (for `aria-controls`). */
  panelId: string;
  className: string;
  toggleClassName: string;
  /** The panel, rendered only while open. */
  children: ReactNode;
}) {
  const { open, onClose } = props;
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (root.current?.contains(target) ?? false);
    const pressed = (event: Event) => {
      if (!inside(event.target)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      toggle.current?.focus();
      onClose();
    };
    document.addEventListener('pointerdown', pressed);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', pressed);
      document.removeEventListener('keydown', escape);
    };
  }, [open, onClose]);

  return (
    <div
      className={props.className}
      ref={root}
      onBlur={(event) => {
        // Focus going nowhere (a press on plain text) is not leaving: a press outside is seen above.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !root.current?.contains(next)) onClose();
      }}
      onClick={(event) => {
        if (!open || !(event.target instanceof Element)) return;
        const entry = event.target.closest('a, button');
        if (!entry || entry === toggle.current || !root.current?.contains(entry)) return;
        toggle.current?.focus();
        onClose();
      }}
    >
      <button
        ref={toggle}
        type="button"
        className={props.toggleClassName}
        aria-expanded={open}
        aria-controls={open ? props.panelId : undefined}
        onClick={props.onToggle}
      >
        {props.label}
      </button>
      {open && props.children}
    </div>
  );
}
