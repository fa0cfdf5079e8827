/** A cell of a CSV export: text, a number, or nothing. */
export type CsvCell = string | number | null;

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) is prefixed with `'`, so opening the export never runs what someone typed into a title
 * (OWASP "CSV injection"). Numbers the export writes itself are left as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A whole CSV document (RFC 4180: CRLF line ends), with a byte-order mark so spreadsheets read it as
 * UTF-8.
 */
export function csvOf(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const line = (cells: readonly CsvCell[]) => cells.map(csvCell).join(',');
  return `\uFEFF${[header, ...rows].map(line).join('\r\n')}\r\n`;
}

/** The `Content-Disposition` of a download named `name` (letters, digits, dots and dashes only). */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9.-]/g, '-')}"`;
}
