import type { Campus } from '../../contract/campus.schema.js';
import type { ServerCampus } from '../../contract/campus-config.schema.js';
import type { MessageDescriptor } from '@lingui/core';
import type { Language } from '../../contract/language.schema.js';
import type { SearchSegment } from '../../contract/search.schema.js';
import { capSegments } from './pieces.js';
import { translator } from '../i18n/catalogue.js';
import { foldWord, searchForm } from '../i18n/search-words.js';

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
  /** The title's language: the reader's, or English where the campus named it only in English. */
  lang: Language;
}

/** A text's words, lower-cased and folded ("Matrícula" is "matricula"). */
const wordsOf = (text: string) => foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** A section as the catalogue names it: its title and, as one message, the words that lead to it. */
interface Section {
  href: string;
  title: MessageDescriptor;
  keywords: MessageDescriptor;
}

/**
 * The portal's sections (portal.md §2 route table) and the words that lead to each, in the
 * catalogue (the i18n comment marks each message for extraction): a Spanish reader finds them by their
 * Spanish names and words (issue 76).
 */
const SECTION_NAMES: readonly Section[] = [
  {
    href: '/',
    title: /*i18n*/ { id: 'search.section.dashboard', message: 'Dashboard' },
    keywords: /*i18n*/ { id: 'search.section.dashboard.keywords', message: 'home overview today' },
  },
  {
    href: '/academics',
    title: /*i18n*/ { id: 'search.section.academics', message: 'Academics' },
    keywords: /*i18n*/ {
      id: 'search.section.academics.keywords',
      message:
        'grades gpa schedule classes courses transcript advisor standing program major attendance',
    },
  },
  {
    href: '/finances',
    title: /*i18n*/ { id: 'search.section.finances', message: 'Finances' },
    keywords: /*i18n*/ {
      id: 'search.section.finances.keywords',
      message: 'bill tuition payment pay balance aid fafsa refund charges',
    },
  },
  {
    href: '/account',
    title: /*i18n*/ { id: 'search.section.account', message: 'Account' },
    keywords: /*i18n*/ {
      id: 'search.section.account.keywords',
      message: 'profile photo contact address phone email emergency holds preferences language',
    },
  },
  {
    href: '/account#holds',
    title: /*i18n*/ { id: 'search.section.holds', message: 'Holds' },
    keywords: /*i18n*/ { id: 'search.section.holds.keywords', message: 'hold registration hold' },
  },
  {
    href: '/messages',
    title: /*i18n*/ { id: 'search.section.messages', message: 'Messages' },
    keywords: /*i18n*/ {
      id: 'search.section.messages.keywords',
      message: 'notifications inbox alerts',
    },
  },
  {
    href: '/community',
    title: /*i18n*/ { id: 'search.section.community', message: 'Community' },
    keywords: /*i18n*/ {
      id: 'search.section.community.keywords',
      message: 'events news calendar groups clubs',
    },
  },
  {
    href: '/resources',
    title: /*i18n*/ { id: 'search.section.resources', message: 'Resources' },
    keywords: /*i18n*/ {
      id: 'search.section.resources.keywords',
      message: 'help support faq services',
    },
  },
  {
    href: '/map',
    title: /*i18n*/ { id: 'search.section.map', message: 'Campus map' },
    keywords: /*i18n*/ {
      id: 'search.section.map.keywords',
      message: 'map buildings building directions rooms where location campus',
    },
  },
  {
    href: '/next-steps/',
    title: /*i18n*/ { id: 'search.section.next-steps', message: 'My Next Steps' },
    keywords: /*i18n*/ {
      id: 'search.section.next-steps.keywords',
      message: 'tasks checklist deadlines todo',
    },
  },
];

/**
 * The sections as a reader of `language` reads them: the title in their language, the words of
 * their language and the English ones (a Spanish reader may still type "fafsa" or "gpa").
 */
export function sectionsIn(language: Language): Destination[] {
  const i18n = translator(language);
  const english = translator('en');
  return SECTION_NAMES.map(({ href, title, keywords }) => ({
    title: i18n._(title),
    href,
    keywords: [...new Set([...wordsOf(i18n._(keywords)), ...wordsOf(english._(keywords))])],
    lang: language,
  }));
}

/** The sections in English. */
export const SECTIONS: readonly Destination[] = sectionsIn('en');

/**
 * The campus's school tools and help links (the footer's), from the campus configuration as a
 * reader of `language` gets it: a label the campus gave only in English says so (`lang`).
 */
export function campusTools(campus: Campus, language: Language): Destination[] {
  return [...campus.schoolTools, ...campus.supportAndHelp].map(({ label, url, lang }) => ({
    title: label,
    href: url,
    keywords: [],
    lang: lang ?? language,
  }));
}

/**
 * The campus's buildings (issue 89), each leading to the campus map searched for its code: found
 * by its name in the reader's language, its code and its other names (its English name), word by
 * word as typed (`matchDestinations` not forgiving: "acadmics" finds Academics, not a building).
 */
export function campusBuildings(campus: ServerCampus, language: Language): Destination[] {
  return campus.buildings.map(({ code, name, aka, lang }) => ({
    title: `${name} (${code})`,
    href: `/map?${new URLSearchParams({ q: code }).toString()}`,
    keywords: aka ?? [],
    lang: lang ?? language,
  }));
}

export interface DestinationHit {
  destination: Destination;
  title: SearchSegment[];
}

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
 * How a typed word may start a name: folded as it was typed ("matricula" starts "Matrícula"), and
 * for a Spanish reader also by its Spanish stem of 3 letters or more ("estudios", "matrículas").
 */
function starts(typed: string, language: Language): (name: string) => boolean {
  const folded = foldWord(typed);
  const stem = searchForm(typed, language);
  const byStem = language === 'es' && [...stem].length >= 3;
  return (name) => name.startsWith(folded) || (byStem && name.startsWith(stem));
}

/** Whether a typed word starts or nearly is a name, in the reader's language. */
function leadsTo(typed: string, language: Language): (name: string) => 'start' | 'near' | null {
  const start = starts(typed, language);
  const folded = foldWord(typed);
  const edits = allowedEdits([...folded].length);
  return (name) => (start(name) ? 'start' : isNear(folded, name, edits) ? 'near' : null);
}

/**
 * The destinations every typed word leads to (by a word of the title or a keyword, exactly, as a
 * start, or within the allowed edits; accents folded, Spanish words also by their stem), best
 * first: exact matches before near ones, then those the words name by title, in list order.
 */
export function matchDestinations(
  words: readonly string[],
  destinations: readonly Destination[],
  language: Language = 'en',
  /** Whether a word may nearly be a name; not for the buildings, whose names are many. */
  forgiving = true,
): DestinationHit[] {
  if (words.length === 0) return [];
  const typed = words.map((w) => leadsTo(w, language));
  const scored = destinations.flatMap((destination, order) => {
    const titleWords = wordsOf(destination.title);
    const names = [...titleWords, ...destination.keywords.flatMap(wordsOf)];
    let near = 0;
    let inTitle = 0;
    for (const leads of typed) {
      if (titleWords.some((n) => leads(n) === 'start')) inTitle += 1;
      const found = names.map(leads);
      if (found.includes('start')) continue;
      if (forgiving && found.includes('near')) near += 1;
      else return [];
    }
    return [{ destination, near, inTitle, order }];
  });
  // A section named by what was typed before one it is only a word of ("cuenta": Cuenta first).
  scored.sort((x, y) => x.near - y.near || y.inTitle - x.inTitle || x.order - y.order);
  return scored.map(({ destination }) => ({
    destination,
    title: markWords(destination.title, typed),
  }));
}

/** The title with each of its words that a typed word starts (or nearly is) marked. */
function markWords(
  title: string,
  typed: readonly ((name: string) => 'start' | 'near' | null)[],
): SearchSegment[] {
  const pieces = title
    .split(/([\p{L}\p{N}]+)/u)
    .filter((part) => part !== '')
    .map((part) => {
      const name = foldWord(part);
      const word = /[\p{L}\p{N}]/u.test(part);
      return { text: part, match: word && typed.some((leads) => leads(name) !== null) };
    });
  return capSegments(pieces);
}
