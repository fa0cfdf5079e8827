import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SAMPLE_BUILDINGS } from '../contract/sample-buildings.js';
import { SAMPLE_RECORD_NAMES } from '../contract/sample-record-names.js';

/**
 * Issue 59: with Español chosen, a page shows no English text except content that keeps its own
 * language and says so (`lang="en"`, WCAG 3.1.2). Walks every visible text node and the user-facing
 * attributes (`aria-label`, `title`, `placeholder`, `alt`) outside an element whose nearest `lang` is
 * English, and returns those holding an English word Spanish never writes ("the", "your", "with" …).
 * Data that is a name rather than a sentence (a course title from the SIS, a person's name) may be
 * left out with `exclude`, a CSS selector of the elements that hold it.
 */
export async function englishLeft(page: Page, { exclude }: { exclude?: string } = {}) {
  return page.evaluate((excludeSelector) => {
    const english =
      /\b(the|your|you|and|with|of|to|is|are|this|for|from|will|has|have|not|there|here|please|when|about|more|see|view)\b/i;
    const kept = (element: Element | null) => {
      if (element === null) return true;
      if (excludeSelector !== undefined && element.closest(excludeSelector) !== null) return true;
      const lang = element.closest('[lang]')?.getAttribute('lang') ?? '';
      return lang.toLowerCase().startsWith('en');
    };
    const visible = (element: Element) => {
      if (element.closest('[hidden], script, style, noscript, template') !== null) return false;
      const style = getComputedStyle(element);
      return style.display !== 'none' && style.visibility !== 'hidden';
    };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (text === '' || parent === null || kept(parent) || !visible(parent)) continue;
      if (english.test(text)) found.add(text);
    }
    for (const element of document.body.querySelectorAll(
      '[aria-label], [title], [placeholder], [alt]',
    )) {
      if (kept(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim() ?? '';
        if (value !== '' && english.test(value)) found.add(`${name}: ${value}`);
      }
    }
    if (english.test(document.title)) found.add(`title: ${document.title}`);
    return [...found];
  }, exclude);
}

/** Fails with the English found, so the failure says what is left to translate. */
export async function expectNoEnglish(page: Page, options: { exclude?: string } = {}) {
  expect(await englishLeft(page, options)).toEqual([]);
}

/**
 * The words a Spanish page may show outside `lang="en"` (issue 76): every word of the Spanish
 * catalogues (the product's own text, the names it gives Canvas, Moodle or Google) and of the sample
 * campus's Spanish names for record values, lower-cased.
 */
function spanishWords(): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(word);
  };
  for (const file of ['messages', 'server']) {
    const po = readFileSync(new URL(`../locales/es/${file}.po`, import.meta.url), 'utf8');
    // A msgstr and the quoted lines that continue it.
    for (const [entry = ''] of po.matchAll(/^msgstr "(.*)"$(\n^".*"$)*/gm)) add(entry);
  }
  // Intl's own Spanish dates (es-US): the months' and weekdays' names and abbreviations.
  const spanishDate = (options: Intl.DateTimeFormatOptions, at: number) =>
    new Intl.DateTimeFormat('es-US', { ...options, timeZone: 'UTC' }).format(at);
  for (let month = 0; month < 12; month += 1) {
    for (const style of ['long', 'short'] as const)
      add(spanishDate({ month: style }, Date.UTC(2026, month, 15)));
  }
  for (let day = 0; day < 7; day += 1) {
    for (const style of ['long', 'short'] as const)
      add(spanishDate({ weekday: style }, Date.UTC(2026, 10, 1 + day)));
  }
  // The campus clock's name in Spanish, as Intl writes it in the quiet hours' sentence.
  add('hora del Pacífico');
  // The languages' own names (the language choice shows each in itself).
  add('Español English');
  for (const own of Object.values(SAMPLE_RECORD_NAMES)) add(own.es ?? '');
  // The sample campus's buildings named in Spanish (issue 89), and their entrances.
  for (const { name, accessibleEntrance } of SAMPLE_BUILDINGS) {
    for (const text of [name, accessibleEntrance]) {
      if (text !== undefined && typeof text !== 'string') add(text.es ?? '');
    }
  }
  // The sample campus's own names (contract/campus.schema.ts defaults): names, in no language.
  add('Campus Portal Campus University Odin');
  return [...words];
}
const SPANISH = spanishWords();

/**
 * Names that are neither English nor Spanish, left out of `englishDataLeft`: people's names, the
 * sample people's and places' own names, addresses, codes. The product's and university's names are
 * the campus's (the sample campus's are English words, kept as its names).
 */
const NAMES = [
  '.profile-card__name',
  '.person-name',
  '.contact-list__name',
  'dd:has(> wbr)',
  'a[href^="mailto:"]',
  'a[href^="tel:"]',
  '.sidebar__logo',
].join(', ');

/**
 * Issue 76: every value from the records shown on a Spanish page is its campus Spanish name or is
 * inside `lang="en"`. Walks the visible text outside `lang="en"` (and outside `exclude`, people's
 * and places' own names) and returns each text holding a word of four letters or more that is in
 * no Spanish text of the product or the campus: English a screen reader would read with Spanish
 * rules. Numbers, codes (letters mixed with digits, such as a build's commit) and capitalised
 * abbreviations (GPA, CRN) pass.
 */
export async function englishDataLeft(page: Page, { exclude }: { exclude?: string } = {}) {
  const leaveOut = [NAMES, exclude].filter(Boolean).join(', ');
  return page.evaluate(
    ({ spanish, leaveOut }) => {
      const known = new Set(spanish);
      const kept = (element: Element) =>
        element.closest(leaveOut) !== null ||
        (element.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().startsWith('en');
      const visible = (element: Element) => {
        if (element.closest('[hidden], script, style, noscript, template') !== null) return false;
        const style = getComputedStyle(element);
        return style.display !== 'none' && style.visibility !== 'hidden';
      };
      // A token mixing letters and digits is a code (a build's commit, a room number), never a word.
      const foreign = (text: string) =>
        (text.match(/[\p{L}\p{N}]+/gu) ?? []).some(
          (word) =>
            word.length >= 4 &&
            !/\p{N}/u.test(word) &&
            word !== word.toUpperCase() &&
            !known.has(word.toLowerCase()),
        );
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        const parent = node.parentElement;
        if (text === '' || parent === null || kept(parent) || !visible(parent)) continue;
        if (foreign(text)) found.add(text);
      }
      return [...found];
    },
    { spanish: SPANISH, leaveOut },
  );
}
