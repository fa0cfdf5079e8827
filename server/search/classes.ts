import type { SearchResult, SearchSegment } from '../../contract/search.schema.js';
import type { Course } from '../../contract/sis/courses.schema.js';
import { isSisWarning } from '../../contract/sis/warning.schema.js';
import { capSegments } from './pieces.js';
import { foldWord } from '../i18n/search-words.js';
import type { DataAdapters } from '../sources/adapters.js';

/** A text's words, lower-cased with accents folded ("Introducción" is "introduccion"). */
const wordsOf = (text: string) => foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether every typed word starts a word of the class (subject, number, title, subject name,
 * instructor) or its code written together ("cs161").
 */
export function classMatches(course: Course, words: readonly string[]): boolean {
  const names = [
    ...wordsOf(
      [
        course.SUBJECT,
        course.COURSENUMBER,
        course.COURSETITLE,
        course.SUBJECTDESCRIPTION,
        course.FACULTYNAME ?? '',
      ].join(' '),
    ),
    `${course.SUBJECT}${course.COURSENUMBER}`.toLowerCase(),
  ];
  return words.map(foldWord).every((w) => names.some((n) => n.startsWith(w)));
}

/** Text with each word that a typed word starts marked, in at most SEARCH_SEGMENTS_MAX pieces. */
export function markStarts(text: string, typed: readonly string[]): SearchSegment[] {
  const words = typed.map(foldWord);
  return capSegments(
    text
      .split(/([\p{L}\p{N}]+)/u)
      .filter((part) => part !== '')
      .map((part) => ({
        text: part,
        match: words.some((w) => foldWord(part).startsWith(w)),
      })),
  );
}

/**
 * This term's classes of the signed-in person that match, read through the per-user cache of SIS
 * answers (or the demo sample in demo mode): per-person data never enters the shared index.
 */
export async function searchClasses(
  sis: DataAdapters['sis'],
  words: readonly string[],
): Promise<SearchResult[]> {
  const term = await sis.read('current-term', null);
  if (isSisWarning(term)) return [];
  const courses = await sis.read('courses', null, term.p_term_out);
  if (isSisWarning(courses)) return [];
  return courses
    .filter((course) => classMatches(course, words))
    .map((course) => ({
      title: markStarts(`${course.SUBJECT} ${course.COURSENUMBER} ${course.COURSETITLE}`, words),
      excerpt: course.FACULTYNAME ? markStarts(course.FACULTYNAME, words) : [],
      href: '/academics',
      external: false,
      // The SIS's course title and the instructor's name, as the records hold them (issue 76).
      lang: 'en',
    }));
}
