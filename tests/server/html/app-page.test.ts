import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { defaultCampus } from '../../../contract/campus.schema.js';
import {
  pageScriptHashes,
  scriptHash,
  warmUpScript,
  withSite,
} from '../../../server/html/app-page.js';

describe('embedding the campus configuration in a page', () => {
  it('a configured value cannot close the script element or inject markup', () => {
    const campus = { ...defaultCampus, productName: '</script><script>alert(1)</script>' };
    const html = withSite(
      '<head></head><body><a class="logo" data-product-name>Campus Portal</a></body>',
      { campus, build: 'b' },
    );
    // The configuration's own element and the warm-up's, no other.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('\\u003c/script>\\u003cscript>');
    expect(html).toContain('<a class="logo" data-product-name>&#60;/script&#62;');
  });
});

describe('the warm-up script', () => {
  /** What the script touched, run as a page would: the first frame, then the timer it sets. */
  function run(script: string, page: { sessionStorage?: object; timeZoneError?: boolean } = {}) {
    const touched: ({ kind: string } & Record<string, unknown>)[] = [];
    const recording = (kind: string) =>
      class {
        constructor(locale: string, options: { timeZone?: string }) {
          if (page.timeZoneError && options.timeZone) throw new RangeError('Invalid time zone');
          touched.push({ kind, locale, ...options });
        }
        formatToParts = () => [];
        format = () => '';
      };
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    runInNewContext(script, {
      requestAnimationFrame: (callback: () => void) => frames.push(callback),
      setTimeout: (callback: () => void) => timers.push(callback),
      Intl: { DateTimeFormat: recording('date'), NumberFormat: recording('number') },
      sessionStorage: page.sessionStorage ?? {
        getItem: () => touched.push({ kind: 'sessionStorage' }),
      },
      document: {
        get cookie() {
          touched.push({ kind: 'cookie' });
          return '';
        },
      },
    });
    // Nothing before the first frame is painted, nor in the frame itself.
    expect(touched).toEqual([]);
    for (const frame of frames) frame();
    expect(touched).toEqual([]);
    for (const timer of timers) timer();
    return touched;
  }

  it('waits for the first frame to be painted, then makes a date formatter in the campus zone and a USD one, and reads the storage and the cookies once', () => {
    expect(run(warmUpScript('America/Chicago'))).toEqual([
      expect.objectContaining({ kind: 'date', locale: 'en-US', timeZone: 'America/Chicago' }),
      expect.objectContaining({ kind: 'number', locale: 'en-US', currency: 'USD' }),
      { kind: 'sessionStorage' },
      { kind: 'cookie' },
    ]);
  });

  it('a step the browser refuses (an unknown zone, storage turned off) leaves the others done', () => {
    const touched = run(warmUpScript('Not/A_Zone'), {
      timeZoneError: true,
      sessionStorage: {
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    });
    expect(touched.map((t) => t.kind)).toEqual(['number', 'cookie']);
  });

  it('a configured time zone cannot close the script element', () => {
    const timeZone = '</script><script>alert(1)';
    const html = withSite('<head></head>', { campus: { ...defaultCampus, timeZone }, build: 'b' });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain(warmUpScript(timeZone));
  });

  it('the page policy allows exactly the script the page carries', () => {
    const html = withSite('<head></head>', { campus: defaultCampus, build: 'b' });
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(pageScriptHashes(defaultCampus.timeZone)).toEqual([scriptHash(inline)]);
  });
});
