/**
 * The first answers a signed-in person's app page carries (issue 63): the API's own answers, by the
 * address of their call under `/api`, in a `<script type="application/json" id="first-answers">` the
 * server writes for that person alone (server/html/first-answers.ts). The browser reads the block
 * once, removes it, and answers the first GET of each address with its answer, which the call then
 * parses with its own schema from the contract, as an answer from the network (src/api/client.ts).
 * The server carries a read only when its cache holds it, never waiting for the SIS. (A read it does
 * not hold cannot be preloaded with the page: the SIS reads take the API token, which a preload
 * cannot send.) The campus configuration has its own block (`campus-config`). No schema here: the
 * app's first route carries only what it runs.
 */
export const FIRST_ANSWERS_ID = 'first-answers';

/** The SIS reads a first screen may find in the server's cache. */
export type FirstRead = 'current-term' | 'holds' | 'term-info';

/**
 * The addresses a page may carry answers for: the guard's two calls, the first SIS reads and, on
 * Academics, the attendance warning's read for the term's dates carried (`firstAttendancePath`).
 */
export type FirstAnswerPath =
  'status' | 'users/user' | `integrations/finti/${FirstRead}` | `academics/attendance?${string}`;

/** The attendance read's address for a term, as the API client asks for it (src/api/attendance.ts). */
export const firstAttendancePath = (term: string): FirstAnswerPath =>
  `academics/attendance?${new URLSearchParams({ term }).toString()}`;

/** The SIS reads a page's first screen makes, by the page's path (the others start with the API). */
export function firstReadsOf(pathname: string): FirstRead[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/dashboard') return ['current-term', 'holds'];
  // The term's dates start the attendance warning's read (portal.md §7), the page's largest paint.
  if (path === '/academics') return ['current-term', 'term-info'];
  return [];
}

/**
 * Next Steps' page carries its first answers too, by the address of their call under its own API
 * (`/next-steps/api/`): the person's record (next-steps.md §7 `GET /api/user/`, which names whose
 * the others are) and the list's first load, their tasks and the categories. All three are Next
 * Steps' own records, never an SIS read, so the page always carries them for a signed-in person.
 */
export const NEXT_STEPS_FIRST = {
  user: 'user/',
  tasks: 'user_task/?published=True',
  categories: 'category/',
} as const;

/** Whether a page's path is Next Steps' (its app, under `/next-steps`), not the portal's. */
export const isNextStepsPage = (pathname: string): boolean =>
  pathname === '/next-steps' || pathname.startsWith('/next-steps/');

/** The API a page's carried answers are addressed under: Next Steps' own, else the portal's. */
export const firstAnswersBase = (pathname: string): '/next-steps/api/' | '/api/' =>
  isNextStepsPage(pathname) ? '/next-steps/api/' : '/api/';

/**
 * A page the server drew (issue 75) carries, beside its first answers, what the browser's hydration
 * starts from: the language it drew in and each component actor's snapshot, by its place in the
 * tree (src/lib/render-actors.ts), in `<script type="application/json" id="server-render">`.
 */
export const SERVER_RENDER_ID = 'server-render';

/** The portal paths whose first screen the server draws for a signed-in person. */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '/',
  '/dashboard',
  '/academics',
  '/account',
  '/messages',
  '/finances',
  '/map',
];

/**
 * The cookie the browser tells the server the width of its screen in (written by public/theme.js,
 * read by server/html/server-render.ts), as its class: `0` below 1024 px, `1` from 1024 px (the
 * dashboard's two columns, src/ui/portal/use-wide.ts), `2` from 1200 px (Account's profile open,
 * portal.md §9, src/lib/account.ts). The page the server draws has the layout of that class.
 */
export const WIDE_COOKIE = 'portal_wide';

/** A screen's width class, as `WIDE_COOKIE` tells it. */
export type WidthClass = 0 | 1 | 2;

/** The least width of each class, in CSS pixels. */
export const WIDTH_CLASS_FROM = [0, 1024, 1200] as const;

/** The class a cookie's value names; any other value, a phone's (`0`). */
export const widthClassOf = (value: string | undefined): WidthClass =>
  value === '2' ? 2 : value === '1' ? 1 : 0;
