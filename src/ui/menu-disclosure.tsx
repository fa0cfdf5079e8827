import { useEffect, useRef, useState } from 'react';
import type { ReactNode, Ref, RefObject } from 'react';

/**
 * The one disclosure behaviour of the product's menus (portal.md §2 Safety menu, next-steps.md §2
 * FILTER): a native button with `aria-expanded` opens a panel, which closes on
 *  - Escape, and focus returns to the toggle;
 *  - choosing an entry (a link or button in the panel), and focus returns to the toggle;
 *  - tabbing out of the menu (focus moves on to where the person went);
 *  - a press outside the menu.
 *
 * Before the app has the page (a page the server drew, whose scripts are late or never come, or a
 * browser with scripts off: issue 87) the menu is the platform's own: the button names the panel
 * in `popovertarget` and the panel is a `popover`, so the browser opens it (and closes it on Escape
 * or a press outside; public/theme.js lets a popover button's press through). Once the app runs,
 * the owner's state is the one source of truth: a panel the person opened before is taken as open
 * (`takeOpenPopover`), the `popover` attributes go, and the panel stays in the page, `hidden` while
 * closed, as every disclosure's (lib/disclosure.ts). The popover's own light dismiss is not used
 * then: it does not cover tabbing out, and its open state would live in the DOM beside the owner's.
 */
export function MenuDisclosure(props: {
  /** The toggle's text, also its accessible name. */
  label: string;
  open: boolean;
  onToggle: () => void;
  onClose: () => void;
  /** The id of the panel. */
  panelId: string;
  className: string;
  toggleClassName: string;
  /** The panel's class (its look, and where it stands as a popover before the app runs). */
  panelClassName: string;
  /** The panel's element: a `nav` for a menu of places. */
  panelAs?: 'div' | 'nav';
  /** The panel's accessible name, if it has one. */
  panelLabel?: string;
  /** The panel's entries, always in the page. */
  children: ReactNode;
}) {
  const { open, onClose, onToggle } = props;
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const platform = usePlatformPopover(panel, open, onToggle);

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

  const Panel = props.panelAs ?? 'div';
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
        // Before the app: the browser's own expanded state of a popover's button.
        aria-expanded={platform ? undefined : open}
        aria-controls={props.panelId}
        popoverTarget={platform ? props.panelId : undefined}
        onClick={platform ? undefined : onToggle}
      >
        {props.label}
      </button>
      <Panel
        ref={panel as Ref<HTMLDivElement>}
        id={props.panelId}
        aria-label={props.panelLabel}
        className={props.panelClassName}
        popover={platform ? 'auto' : undefined}
        hidden={platform ? undefined : !open}
      >
        {props.children}
      </Panel>
    </div>
  );
}

/**
 * Whether the menu whose panel is `panel` is still the platform's popover, as the server drew it:
 * true in the render that matches the server's (hydration), false once the app has the page. A
 * panel the person opened before is told to the owner then (`toggle`, while the owner has it closed).
 */
export function usePlatformPopover(
  panel: RefObject<HTMLElement | null>,
  open: boolean,
  toggle: () => void,
): boolean {
  const [platform, setPlatform] = useState(true);
  useEffect(() => {
    if (panel.current && takeOpenPopover(panel.current) && !open) toggle();
    setPlatform(false);
    // Once, as the app takes the page: what the person did before is the owner's from then on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return platform;
}

/**
 * Whether `panel`, a popover the browser opened before the app had the page, is open; closed as a
 * popover then (the app shows it from here on). False where the browser has no popovers.
 */
export function takeOpenPopover(panel: HTMLElement): boolean {
  if (typeof panel.hidePopover !== 'function' || !panel.hasAttribute('popover')) return false;
  let shown = false;
  try {
    shown = panel.matches(':popover-open');
  } catch {
    return false;
  }
  return shown;
}
