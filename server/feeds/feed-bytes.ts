import { TextDecoder } from 'node:util';

/**
 * Feed documents arrive as bytes. Their characters are decoded here, once, with the charset the
 * document itself declares, so that nothing downstream ever sees a half of a multi-byte character.
 */

const UTF8 = 'utf-8';

/** The `charset` parameter of a Content-Type header, lower-cased, or null. */
export function charsetOfContentType(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** A decoder for `label`, or null when the platform (WHATWG Encoding) does not know the label. */
function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label);
  } catch {
    return null;
  }
}

const startsWith = (bytes: Uint8Array, prefix: number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

/** The encoding a byte order mark announces, or null. */
function bomEncoding(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return UTF8;
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  return null;
}

/** The `encoding` of an XML declaration (`<?xml version="1.0" encoding="ISO-8859-1"?>`), or null. */
function xmlDeclaredEncoding(bytes: Uint8Array): string | null {
  // The declaration is ASCII by rule; 200 bytes hold any real one.
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return (
    /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head)?.[1] ?? null
  );
}

/**
 * An XML feed's text (RFC 7303 §3): a byte order mark decides, then the HTTP header's charset, then
 * the XML declaration, else UTF-8. An unknown label falls through to the next source.
 */
export function decodeXml(bytes: Uint8Array, contentType: string | null): string {
  const candidates = [
    bomEncoding(bytes),
    charsetOfContentType(contentType),
    xmlDeclaredEncoding(bytes),
  ];
  for (const label of candidates) {
    const decoder = label ? decoderFor(label) : null;
    if (decoder) return decoder.decode(bytes);
  }
  return new TextDecoder(UTF8).decode(bytes);
}

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * RFC 5545 §3.1 unfolding on the bytes: a line break followed by one space or tab is removed. Done
 * before decoding because exporters fold at 75 octets, often inside a UTF-8 character.
 */
export function unfoldIcalBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i]!;
    const lf = byte === CR && bytes[i + 1] === LF ? i + 1 : byte === LF ? i : -1;
    if (lf >= 0 && (bytes[lf + 1] === SPACE || bytes[lf + 1] === TAB)) {
      i = lf + 1;
      continue;
    }
    out[n] = byte;
    n += 1;
  }
  return out.subarray(0, n);
}

/** An iCalendar feed's text: unfolded on bytes, then decoded with the header's charset (RFC 5545: UTF-8). */
export function decodeIcal(bytes: Uint8Array, contentType: string | null): string {
  const unfolded = unfoldIcalBytes(bytes);
  const label = bomEncoding(unfolded) ?? charsetOfContentType(contentType) ?? UTF8;
  return (decoderFor(label) ?? new TextDecoder(UTF8)).decode(unfolded);
}
