import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The facts the conformance report (docs/accessibility/conformance-report.md, E10) states of the
 * apps' own code and words, each checked over every file rather than read once: a new file that
 * breaks one fails here. Each title carries the WCAG criterion it shows.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, ends);
    return ends.test(name) ? [full] : [];
  });
}

/** The browser's code of both apps and the service worker, as [path from the root, text]. */
const CODE = [...filesUnder(path.join(ROOT, 'src'), /\.(ts|tsx)$/)]
  .filter((file) => !file.includes(`${path.sep}inspector${path.sep}`))
  .map((file) => [path.relative(ROOT, file), readFileSync(file, 'utf8')] as const);
const STYLES = filesUnder(path.join(ROOT, 'src'), /\.css$/).map(
  (file) => [path.relative(ROOT, file), readFileSync(file, 'utf8')] as const,
);

/** The files whose code matches `pattern`. */
const using = (pattern: RegExp) =>
  CODE.filter(([, text]) => pattern.test(text))
    .map(([file]) => file.replaceAll(path.sep, '/'))
    .sort();

/** Every English message of a PO catalogue (its msgid, continuation lines joined). */
function messagesOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: string[] = [];
  for (const entry of text.split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry)?.[1];
    if (!id) continue;
    const joined = [...id.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]).join('');
    if (joined) found.push(joined);
  }
  return found;
}

describe("the conformance report's checks of the apps' code and words", () => {
  it('WCAG 1.3.3: no instruction in the apps, emails or pages of the server names a control by its shape, colour, size, position or sound', () => {
    const sensory =
      /\b(above|below|on the (left|right)|to the (left|right)|at the (top|bottom)|(top|bottom)[- ](left|right)|(red|green|blue|yellow|orange|grey|gray|round|square|circular|big|small|large) (button|link|icon|box|arrow)|the icon|icons?\b|colou?red|highlighted in|beep|sound)\b/i;
    const messages = [
      ...messagesOf('locales/en/messages.po'),
      ...messagesOf('locales/en/server.po'),
    ];
    expect(messages.length).toBeGreaterThan(500);
    expect(messages.filter((m) => sensory.test(m))).toEqual([]);
  });

  it('WCAG 2.3.1: nothing flashes: one animation turns the loading spinner (a transform) and stops under reduced motion; the other shows a drawn page’s note once (visibility)', () => {
    const keyframes = STYLES.flatMap(([file, css]) =>
      [...css.matchAll(/@keyframes\s+([\w-]+)\s*\{((?:[^{}]*\{[^{}]*\})*)\s*\}/g)].map((m) => ({
        file: file.replaceAll(path.sep, '/'),
        name: m[1],
        properties: [...(m[2] ?? '').matchAll(/([\w-]+)\s*:/g)].map((p) => p[1]),
      })),
    );
    expect(keyframes).toEqual([
      { file: 'src/ui/styles/footer-and-states.css', name: 'spin', properties: ['transform'] },
      // A step, once, from hidden to shown: the note never hides again, so it cannot flash.
      {
        file: 'src/ui/styles/footer-and-states.css',
        name: 'scripts-late',
        properties: ['visibility'],
      },
    ]);
    const spinner = STYLES.find(([file]) => file.endsWith('footer-and-states.css'))?.[1] ?? '';
    expect(spinner).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\s*\{\s*\.loading__spinner\s*\{\s*animation: none;/,
    );
    // No blinking text, no script that shows and hides on a timer of its own.
    expect(STYLES.filter(([, css]) => /text-decoration[^;]*blink/.test(css))).toEqual([]);
    expect(using(/<marquee|<blink/)).toEqual([]);
  });

  it('WCAG 2.5.1: no function needs a multipoint or path-based gesture: no code reads touches, gestures or pointer paths, apart from noticing that the person scrolled', () => {
    expect(
      using(/touchstart|touchmove|touchend|gesturestart|onTouch|pointermove|onPointerMove|onWheel/),
    ).toEqual(['src/pages/shared/scroll-restoration.tsx']);
    const restoration = CODE.find(([file]) => file.endsWith('scroll-restoration.tsx'))?.[1] ?? '';
    // There, a touch, wheel, key or press only stops the page's own scroll to a saved place.
    expect(restoration).toContain(
      "const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;",
    );
  });

  it('WCAG 2.5.2: no control acts on the press: down events only keep focus in the search box and close an open menu on a press outside it', () => {
    expect(using(/pointerdown|mousedown|onPointerDown|onMouseDown|touchstart/)).toEqual([
      'src/pages/shared/scroll-restoration.tsx',
      'src/ui/menu-disclosure.tsx',
      'src/ui/portal/search/search-box.tsx',
    ]);
    const search = CODE.find(([file]) => file.endsWith('search-box.tsx'))?.[1] ?? '';
    // Each option's (the results' and "See all results"): keep focus in the box, act on the click.
    expect(search.match(/onMouseDown=\{[^}]*\}/g)).toEqual([
      'onMouseDown={(e) => e.preventDefault()}',
      'onMouseDown={(e) => e.preventDefault()}',
    ]);
  });

  it('WCAG 2.5.4: no function is driven by device motion or orientation', () => {
    expect(
      using(
        /devicemotion|deviceorientation|DeviceMotionEvent|DeviceOrientationEvent|Accelerometer|Gyroscope/,
      ),
    ).toEqual([]);
  });
});
