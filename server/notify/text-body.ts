import { toGsm } from './texter.js';

/** Line breaks and other controls: C0 (with CR, LF, TAB), DEL and C1 (`Cc`), U+2028, U+2029. */
const BREAKS = /[\p{Cc}\u2028\u2029]+/gu;
/** Bidirectional controls: embeddings, overrides, isolates, the marks and the Arabic letter mark. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * Every text message's body (issue 41), whatever it carries (a task's or a message's title written by
 * staff): one line, without control characters or bidirectional controls, which would otherwise
 * reach the phone as they are (a CR/LF or U+2028 breaking the line, an override reversing what
 * follows). Breaks and controls become one space; bidi controls are removed; typographic characters
 * become their GSM equivalents (`toGsm`), so a plain body stays one 160-character segment.
 */
export function textBody(text: string): string {
  return toGsm(text.replace(BIDI, '').replace(BREAKS, ' ').replace(/ {2,}/g, ' '));
}
