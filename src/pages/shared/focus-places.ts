/**
 * The focus rule's places in the page (issue 43; the rule itself: src/machines/focus-rule.machine.ts,
 * installed by focus-rule.ts): where focus goes on a new page, after the focused element left the
 * page, and after a disabled element's work.
 */
import type { Arrival } from '../../machines/focus-rule.machine.js';

const SECTIONS = 'section, form, article, dialog, [role="region"], [role="group"], main';
const STATUS = '[role="status"], [role="alert"], [aria-live]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const visible = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement &&
  el.isConnected &&
  (typeof el.checkVisibility === 'function'
    ? el.checkVisibility()
    : el.getClientRects().length > 0);

/**
 * Where the rule holds focus while the place it waits for has not come (a new page's heading, a
 * disabled element's status, issue 76), so focus never rests on `<body>` meanwhile, is marked
 * `data-focus-hold`; where it last put focus, held or placed, `data-focus-placed`. The marks are the
 * page's, as the focus is: one element each at most.
 */
const HOLD = 'data-focus-hold';
const PLACED = 'data-focus-placed';

function mark(el: HTMLElement, name: string) {
  for (const other of document.querySelectorAll(`[${name}]`)) other.removeAttribute(name);
  el.setAttribute(name, '');
}

function focusOn(el: HTMLElement) {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}

/** Focuses `el` without scrolling, making it focusable by script if it is not already. */
export function place(el: HTMLElement) {
  for (const held of document.querySelectorAll(`[${HOLD}]`)) held.removeAttribute(HOLD);
  mark(el, PLACED);
  focusOn(el);
}

/** Holds focus on `el` until the rule places it (`lost` stays true meanwhile). */
export function hold(el: HTMLElement) {
  mark(el, HOLD);
  mark(el, PLACED);
  focusOn(el);
}

/** Whether `el` is where the rule holds focus. */
export const isHolding = (el: EventTarget | null) => el instanceof Element && el.hasAttribute(HOLD);

/**
 * Focus has no place of its own: on `<body>`, held by the rule while it waits, or on an element
 * disabled while it had focus. The browser moves focus off a disabled element only at its next
 * rendering step, so work that ended sooner (a save refused at once) would leave focus where it
 * was, and the rule's place for it (what went wrong) unvisited: the rule does not wait for it.
 */
export const lost = () =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  isHolding(document.activeElement) ||
  document.activeElement.matches(':disabled');

/** Focus is where the rule last put it (not moved on by the person since). */
export const isPlacedByRule = () => document.activeElement?.hasAttribute(PLACED) === true;

/** Where focus waits: the nearest place still standing around `from`, else the page's heading, else `main`. */
export function holdingPlace(from: Standing | null): HTMLElement | null {
  return (from && placeAfterRemoval(from)) ?? pageHeading() ?? document.querySelector('main');
}

/** The page's heading: its own focus target if it names one, else its first visible h1. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  if (!main) return null;
  const named = [...main.querySelectorAll('[data-page-focus]')].find(visible);
  return named ?? [...main.querySelectorAll('h1')].find(visible) ?? null;
}

/** Where a focused element stood: its item, the item's list and place, its sections outward. */
export interface Standing {
  element: HTMLElement;
  item: HTMLElement | null;
  list: HTMLElement | null;
  index: number;
  sections: HTMLElement[];
  after: string | null;
}

export function standingOf(element: HTMLElement): Standing {
  const item = element.closest<HTMLElement>('li');
  const list = item?.parentElement ?? null;
  const sections: HTMLElement[] = [];
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (at.matches(SECTIONS)) sections.push(at);
    if (at.tagName === 'MAIN') break;
  }
  return {
    element,
    item,
    list,
    index: item && list ? [...list.children].indexOf(item) : -1,
    sections,
    after: element.closest('[data-focus-after]')?.getAttribute('data-focus-after') ?? null,
  };
}

function statusIn(section: HTMLElement): HTMLElement | undefined {
  return [...section.querySelectorAll(STATUS)].find(
    (el): el is HTMLElement => visible(el) && (el.textContent ?? '').trim() !== '',
  );
}

function headingOf(section: HTMLElement): HTMLElement | undefined {
  if (section.tagName === 'MAIN') return pageHeading() ?? undefined;
  const labelledBy = section.getAttribute('aria-labelledby');
  const label = labelledBy ? document.getElementById(labelledBy) : null;
  if (label && visible(label)) return label;
  return [...section.querySelectorAll('h1, h2, h3, h4, h5, h6')].find(visible);
}

/** Where focus goes once `gone` has left the page (rule 2). */
export function placeAfterRemoval(gone: Standing): HTMLElement | null {
  const named = gone.after ? document.getElementById(gone.after) : null;
  if (named && visible(named)) return named;
  if (gone.item?.isConnected && visible(gone.item)) {
    return [...gone.item.querySelectorAll(FOCUSABLE)].find(visible) ?? gone.item;
  }
  if (gone.list?.isConnected) {
    const items = [...gone.list.children].filter(visible);
    const next = items[Math.min(gone.index, items.length - 1)];
    if (next) return next;
  }
  for (const section of gone.sections) {
    if (!section.isConnected || !visible(section)) continue;
    // A form says how its action went; elsewhere the section's heading says where the person is.
    const found =
      section.tagName === 'FORM' ? (statusIn(section) ?? headingOf(section)) : headingOf(section);
    if (found) return found;
  }
  return pageHeading();
}

/** Where focus goes once a disabled element's work has ended (rule 3). */
export function placeAfterWork(worked: Standing): HTMLElement | null {
  // The work took the element away (a notice acknowledged): as for any removal.
  if (!worked.element.isConnected) return placeAfterRemoval(worked);
  for (const section of worked.sections) {
    if (section.tagName === 'MAIN') break;
    // The form's own status, else one beside the form (a settings group's status line).
    const status = statusIn(section) ?? (section.parentElement && statusIn(section.parentElement));
    if (status) return status;
  }
  return visible(worked.element) ? worked.element : placeAfterRemoval(worked);
}

export const isUsable = (el: HTMLElement) =>
  el.isConnected && visible(el) && !el.matches(':disabled') && !el.closest('[inert]');

/**
 * Rule 1: the new page's place for focus, or null while it has not shown it: the hash's target
 * (alone until `late`), else going back the link to where the person came from, else its heading.
 */
export function arrivalTarget({ hash, goingBack, from, fromSearch }: Arrival, late: boolean) {
  const main = document.querySelector('main');
  if (!main) return null;
  if (hash) {
    const anchor = document.getElementById(hash);
    if (anchor && visible(anchor)) return anchor;
    // The anchor may be in a section still loading: the heading only once it is late.
    if (!late) return null;
  }
  if (goingBack) {
    const links = [...main.querySelectorAll<HTMLAnchorElement>('a[href]')].filter(
      // The router's paths leave out the app's base path (/next-steps).
      (a) => visible(a) && (a.pathname === from || a.pathname.endsWith(from)),
    );
    const link = links.find((a) => a.search === fromSearch) ?? links[0];
    if (link) return link;
  }
  return pageHeading();
}

/** Says the page's title once in the frame's polite live region. */
export function announce() {
  const region = document.getElementById('page-announcer');
  if (!region) return;
  region.textContent = '';
  // A moment later: the page sets its title once it has rendered, and a fresh text says the same
  // title twice.
  setTimeout(() => (region.textContent = document.title), 100);
}
