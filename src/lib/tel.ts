/** The `tel:` address of a number, digits and a leading + only. */
export function telHref(raw: string): string {
  return `tel:${raw.replace(/[^\d+]/g, '')}`;
}
