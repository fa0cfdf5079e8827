import type { Campus } from '../../contract/campus.schema.js';
import type { SearchSegment } from '../../contract/search.schema.js';

/**
 * The short list of places a person may be looking for by name: the portal's own sections (so
 * "grades" finds Academics) and the campus's school tools and help links. Small enough to match
 * word by word with typo tolerance, which the full-text index does not have.
 */
export interface Destination {
  title: string;
  href: string;
  /** What people call it besides its title. */
  keywords: readonly string[];
}

/** The portal's sections (portal.md §2 route table) and the words that lead to each. */
export const SECTIONS: readonly Destination[] = [
  { title: 'Dashboard', href: '/', keywords: ['home', 'overview', 'today'] },
  {
    title: 'Academics',
    href: '/academics',
    keywords: [
      'grades',
      'gpa',
      'schedule',
      'classes',
      'courses',
      'transcript',
      'advisor',
      'standing',
      'program',
      'major',
      'attendance',
    ],
  },
  {
    title: 'Finances',
    href: '/finances',
    keywords: ['bill', 'tuition', 'payment', 'pay', 'balance', 'aid', 'fafsa', 'refund', 'charges'],
  },
  {
    title: 'Account',
    href: '/account',
    keywords: [
      'profile',
      'photo',
      'contact',
      'address',
      'phone',
      'email',
      'emergency',
      'holds',
      'preferences',
    ],
  },
  { title: 'Holds', href: '/account#holds', keywords: ['hold', 'registration hold'] },
  { title: 'Messages', href: '/messages', keywords: ['notifications', 'inbox', 'alerts'] },
  {
    title: 'Community',
    href: '/community',
    keywords: ['events', 'news', 'calendar', 'groups', 'clubs'],
  },
  { title: 'Resources', href: '/resources', keywords: ['help', 'support', 'faq', 'services'] },
  {
    title: 'My Next Steps',
    href: '/next-steps/',
    keywords: ['tasks', 'checklist', 'deadlines', 'todo'],
  },
];

/** The campus's school tools and help links (the footer's), from the campus configuration. */
export function campusTools(campus: Campus): Destination[] {
  return [...campus.schoolTools, ...campus.supportAndHelp].map(({ label, url }) => ({
    title: label,
    href: url,
    keywords: [],
  }));
}

export interface DestinationHit {
  destination: Destination;
  title: SearchSegment[];
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** How many edits a typed word of this length may be from a name: none below 4 letters. */
const allowedEdits = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/**
 * Whether `typed` is within `max` edits (insert, delete, replace, swap of neighbours) of `name` or of
 * a start of it, as a person still typing a name would be. Stops as soon as every row is over `max`.
 */
export function isNear(typed: string, name: string, max: number): boolean {
  if (name.startsWith(typed)) return true;
  if (max === 0) return false;
  const a = [...typed];
  const b = [...name];
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current.push(best);
    }
    if (Math.min(...current) > max) return false;
    before = previous;
    previous = current;
  }
  // The last row: the distance from what was typed to each start of the name.
  return Math.min(...previous) <= max;
}

/**
 * The destinations every typed word leads to (by a word of the title or a keyword, exactly, as a
 * start, or within the allowed edits), best first: exact matches before near ones, in list order.
 */
export function matchDestinations(
  words: readonly string[],
  destinations: readonly Destination[],
): DestinationHit[] {
  if (words.length === 0) return [];
  const scored = destinations.flatMap((destination, order) => {
    const titleWords = wordsOf(destination.title);
    const names = [...titleWords, ...destination.keywords.flatMap(wordsOf)];
    let near = 0;
    for (const word of words) {
      if (names.some((n) => n.startsWith(word))) continue;
      if (names.some((n) => isNear(word, n, allowedEdits(word.length)))) near += 1;
      else return [];
    }
    return [{ destination, near, order, titleWords }];
  });
  scored.sort((x, y) => x.near - y.near || x.order - y.order);
  return scored.map(({ destination, titleWords }) => ({
    destination,
    title: markWords(destination.title, words, titleWords),
  }));
}

/** The title with each of its words that a typed word starts (or nearly is) marked. */
function markWords(title: string, typed: readonly string[], titleWords: string[]): SearchSegment[] {
  const hits = new Set(
    titleWords.filter((w) =>
      typed.some((t) => w.startsWith(t) || isNear(t, w, allowedEdits(t.length))),
    ),
  );
  return title
    .split(/([\p{L}\p{N}]+)/u)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, match: hits.has(part.toLowerCase()) }));
}
