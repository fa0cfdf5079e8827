/**
 * portal.md §5: phone numbers are formatted as (ddd) ddd-dddd with an optional +1; an unmatched
 * number yields nothing.
 */
export function formatPhone(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/[\s().-]/g, '');
  const match = /^(\+?1)?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (!match) return '';
  const [, country, area, exchange, line] = match;
  return `${country ? '+1 ' : ''}(${area}) ${exchange}-${line}`;
}

/** The `tel:` address of a number, digits and a leading + only. */
export function telHref(raw: string): string {
  return `tel:${raw.replace(/[^\d+]/g, '')}`;
}

/** A number as typed, without its separators ("(503) 555-0142" → "5035550142"), for saving. */
export function withoutSeparators(raw: string): string {
  return raw.replace(/[\s().-]/g, '');
}
