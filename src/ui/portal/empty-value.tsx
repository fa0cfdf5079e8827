/**
 * A field with nothing on record: the spec's empty text (portal.md §8, such as "No Record
 * Found/Not Applicable"), set quietly so it never reads as the person's data or in a figure's style.
 */
export function EmptyValue({ children }: { children: string }) {
  return <span className="empty-value">{children}</span>;
}
