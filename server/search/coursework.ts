import type { Language } from '../../contract/language.schema.js';
import type { SearchResult, SearchSegment } from '../../contract/search.schema.js';
import type { CourseworkItemRecord } from '../db/repositories/coursework.repository.js';
import { translator } from '../i18n/catalogue.js';
import { dueTimeText } from '../notify/due-words.js';
import { markStarts } from './classes.js';
import { isPrefix } from '../db/repositories/search-match.js';
import { capSegments } from './pieces.js';
import { foldWord } from '../i18n/search-words.js';

/** The most coursework items one search answers with, as for each kind of the index. */
const MAX_RESULTS = 8;

/** A text's words, lower-cased with accents folded. */
const wordsOf = (text: string) => foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether every typed word is a word of the item's title or course, or — from 3 characters, as in
 * the index (db/repositories/search-match.ts `isPrefix`) — the start of one.
 */
export function courseworkMatches(
  item: Pick<CourseworkItemRecord, 'title' | 'course'>,
  words: readonly string[],
): boolean {
  const names = wordsOf(`${item.title} ${item.course ?? ''}`);
  return words
    .map(foldWord)
    .every((w) => names.some((n) => (isPrefix(w) ? n.startsWith(w) : n === w)));
}

/**
 * "Due Wed, Nov 4, 2026, 4:00 PM PST · Open in Canvas" in the reader's language (issue 76), marked
 * as such where the result around it is the LMS's English.
 */
function dueLine(item: CourseworkItemRecord, zone: string, language: Language): SearchSegment {
  const i18n = translator(language);
  const due = i18n._({
    id: 'search.coursework.due',
    message: 'Due {due}',
    values: { due: dueTimeText(item.due, item.allDay, zone, language) },
  });
  const openIn = i18n._({
    id: 'notify.coursework.open-in',
    message:
      '{source, select, canvas {Open in Canvas} moodle {Open in Moodle} other {Open in your course site}}',
    values: { source: item.source },
  });
  return {
    text: item.link ? `${due} · ${openIn}` : due,
    match: false,
    ...(language === 'en' ? {} : { lang: language }),
  };
}

/**
 * The signed-in student's own coursework items that match (issue 45). They are read by the student's
 * id only — at most COURSEWORK_ITEMS_MAX rows, on the primary key — and never enter the shared index,
 * so no statement can find another person's item and the index's cost bound is untouched. Items
 * still ahead come first, soonest first, then past ones, latest first; each links back to the LMS.
 */
export function searchCoursework(
  items: readonly CourseworkItemRecord[],
  words: readonly string[],
  now: Date,
  zone: string,
  language: Language,
): SearchResult[] {
  if (words.length === 0) return [];
  const found = items.filter((item) => courseworkMatches(item, words));
  const ahead = found.filter((item) => item.due >= now);
  const past = found.filter((item) => item.due < now).reverse();
  return [...ahead, ...past].slice(0, MAX_RESULTS).map((item) => ({
    title: markStarts(item.title, words),
    // "ENGL 101 · Due Wed, Nov 4, 2026, 4:00 PM PST · Open in Canvas", the course's matches marked.
    excerpt: capSegments([
      ...(item.course ? [...markStarts(item.course, words), { text: ' · ', match: false }] : []),
      dueLine(item, zone, language),
    ]),
    href: item.link ?? '/',
    external: item.link !== null,
    // The LMS's title and course; the due line is the reader's (issue 76).
    lang: 'en',
  }));
}
