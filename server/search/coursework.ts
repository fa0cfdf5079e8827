import { openInLabel } from '../../contract/coursework.rules.js';
import type { SearchResult } from '../../contract/search.schema.js';
import type { CourseworkItemRecord } from '../db/repositories/coursework.repository.js';
import { eventTimeString } from '../time.js';
import { markStarts } from './classes.js';
import { isPrefix } from '../db/repositories/search-match.js';

/** The most coursework items one search answers with, as for each kind of the index. */
const MAX_RESULTS = 8;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether every typed word is a word of the item's title or course, or — from 3 characters, as in
 * the index (db/repositories/search-match.ts `isPrefix`) — the start of one.
 */
export function courseworkMatches(
  item: Pick<CourseworkItemRecord, 'title' | 'course'>,
  words: readonly string[],
): boolean {
  const names = wordsOf(`${item.title} ${item.course ?? ''}`);
  return words.every((w) => names.some((n) => (isPrefix(w) ? n.startsWith(w) : n === w)));
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
): SearchResult[] {
  if (words.length === 0) return [];
  const found = items.filter((item) => courseworkMatches(item, words));
  const ahead = found.filter((item) => item.due >= now);
  const past = found.filter((item) => item.due < now).reverse();
  return [...ahead, ...past].slice(0, MAX_RESULTS).map((item) => ({
    title: markStarts(item.title, words),
    // "ENGL 101 · Due Wed, Nov 4, 2026, 4:00 PM PST · Open in Canvas", the course's matches marked.
    excerpt: [
      ...(item.course ? [...markStarts(item.course, words), { text: ' · ', match: false }] : []),
      {
        text: `Due ${eventTimeString(item.due, null, zone, item.allDay)}${item.link ? ` · ${openInLabel(item.source)}` : ''}`,
        match: false,
      },
    ],
    href: item.link ?? '/',
    external: item.link !== null,
  }));
}
