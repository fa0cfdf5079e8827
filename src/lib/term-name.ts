const QUARTERS = ['Winter', 'Spring', 'Summer', 'Fall'] as const;

/** portal.md §3 term code YYYY0Q (quarter 1 Winter … 4 Fall) as "Fall 2026"; others unchanged. */
export function termName(code: string): string {
  const match = /^(\d{4})0([1-4])$/.exec(code);
  if (!match) return code;
  return `${QUARTERS[Number(match[2]) - 1]} ${match[1]}`;
}
