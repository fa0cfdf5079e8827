import { SEARCH_SEGMENTS_MAX } from '../../contract/search.rules.js';
import type { SearchSegment } from '../../contract/search.schema.js';

/**
 * The pieces of a result's title or excerpt within SEARCH_SEGMENTS_MAX (issue 87): the first ones
 * as made, the rest's text as one unmarked last piece, so no text is lost and the answer stays
 * bounded. Applied where the pieces are made: the words typed marked here (classes, coursework,
 * destinations), the index's marks as the search route makes the store's hits results.
 */
export function capSegments(pieces: SearchSegment[]): SearchSegment[] {
  if (pieces.length <= SEARCH_SEGMENTS_MAX) return pieces;
  const kept = pieces.slice(0, SEARCH_SEGMENTS_MAX - 1);
  const rest = pieces.slice(SEARCH_SEGMENTS_MAX - 1);
  return [...kept, { text: rest.map((p) => p.text).join(''), match: false }];
}

/** A store hit's title and excerpt, each within SEARCH_SEGMENTS_MAX pieces. */
export const cappedPieces = (hit: { title: SearchSegment[]; excerpt: SearchSegment[] }) => ({
  title: capSegments(hit.title),
  excerpt: capSegments(hit.excerpt),
});
