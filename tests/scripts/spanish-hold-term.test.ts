import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RECORD_NAMES } from '../../contract/sample-record-names.js';
import { SEED_RULES } from '../../server/changes/tasks.js';

/** A PO file's entries: each message's id and its text (plain strings, one line each as Lingui writes them). */
function entries(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const found = new Map<string, string>();
  for (const [, id, str] of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    if (id) found.set(id, str ?? '');
  }
  return found;
}

/** A search section's keywords list other words a reader may type ("bloqueo"), not words shown. */
const isSearchWords = (id: string) => id.endsWith('.keywords');

/** The noun, not the verb ("more than a course calendar holds"). */
const mentionsHold = (english: string) =>
  /\bholds?\b/i.test(english) && !/\bcalendar holds\b/i.test(english);

/** Spanish for "hold": the glossary's one term (locales/es/GLOSSARY.md), never its near synonyms. */
const OTHER_TERMS = /\b(bloqueos?|restricci[oó]n(es)?|suspensi[oó]n(es)?)\b/i;
const THE_TERM = /retenci[oó]n(es)?/i;

/** Every Spanish text that speaks of a hold, with the English it translates. */
function spanishHoldTexts(): { english: string; spanish: string }[] {
  const texts: { english: string; spanish: string }[] = [];
  // The portal's catalogue is keyed by its English.
  for (const [english, spanish] of entries('locales/es/messages.po')) {
    if (mentionsHold(english)) texts.push({ english, spanish });
  }
  // The server's is keyed by ids: its English is the English catalogue's text.
  const englishOf = entries('locales/en/server.po');
  for (const [id, spanish] of entries('locales/es/server.po')) {
    const english = englishOf.get(id) ?? '';
    if (!isSearchWords(id) && mentionsHold(english)) texts.push({ english, spanish });
  }
  // What the product writes in Spanish outside the catalogues: the sample rules and record names.
  for (const rule of SEED_RULES) {
    if (rule.es && mentionsHold(`${rule.title} ${rule.body}`))
      texts.push({ english: rule.body, spanish: `${rule.es.title} ${rule.es.body}` });
  }
  for (const [english, names] of Object.entries(SAMPLE_RECORD_NAMES)) {
    if (mentionsHold(english) && names.es) texts.push({ english, spanish: names.es });
  }
  return texts;
}

describe('one Spanish word for "hold"', () => {
  it('every Spanish text of a hold says "retención" (the glossary’s term), never "bloqueo" or another', () => {
    const texts = spanishHoldTexts();
    // The catalogues speak of holds in many places: a reader that found none would pass anything.
    expect(texts.length).toBeGreaterThanOrEqual(15);
    const astray = texts.filter((t) => OTHER_TERMS.test(t.spanish) || !THE_TERM.test(t.spanish));
    expect(astray).toEqual([]);
  });

  it('the glossary names "retención" for "hold"', () => {
    const glossary = readFileSync('locales/es/GLOSSARY.md', 'utf8');
    expect(glossary).toMatch(/^\| hold +\| retención +\|/m);
  });
});
