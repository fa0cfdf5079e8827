import type { SearchSegment } from '../../../../contract/search.schema.js';

/** A result's text with the matched words marked, drawn from data: nothing in it is read as markup. */
export function SearchText({ segments }: { segments: readonly SearchSegment[] }) {
  return (
    <>
      {segments.map((segment, i) =>
        segment.match ? <mark key={i}>{segment.text}</mark> : segment.text,
      )}
    </>
  );
}
