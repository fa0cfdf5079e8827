import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

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
