import { describe, expect, it } from 'vitest';
import { MAX_MARKUP_DEPTH, isMarkupWithinDepth, markupDepth } from '../../contract/markup.rules.js';

const list = (levels: number) =>
  Array.from({ length: levels }, (_, i) => `${' '.repeat(i * 2)}- item`).join('\n');

describe('markupDepth: how deeply a body nests, read before any parser sees it', () => {
  it('an ordinary post body nests a few levels and is accepted', () => {
    const body =
      '# Title\n\nSome *text*, <b>bold</b>, [a link](https://x.example).\n\n- one\n  - two\n\n> quote\n> > inner\n\n1. a\n2. b\n';
    expect(markupDepth(body)).toBeLessThan(6);
    expect(isMarkupWithinDepth(body)).toBe(true);
  });

  it.each([
    ['48,000 characters of nested <b>', '<b>'.repeat(16_000)],
    ['nested <b> closed at the end', `${'<b>'.repeat(8_000)}x${'</b>'.repeat(8_000)}`],
    ['a quote of 16,000 levels', '>'.repeat(16_000)],
    ['a quote of spaced markers', '> '.repeat(8_000)],
    ['a list item holding a list 8,000 times on one line', `${'- '.repeat(8_000)}x`],
    ['a list indented 800 levels', list(800)],
    ['3,200 nested <div>', '<div>'.repeat(3_200)],
  ])('%s is deeper than the limit', (_name, body) => {
    expect(markupDepth(body)).toBeGreaterThan(MAX_MARKUP_DEPTH);
    expect(isMarkupWithinDepth(body)).toBe(false);
  });

  it('elements closed in turn, void elements and end tags of nothing open do not add up', () => {
    expect(markupDepth('<b>x</b>'.repeat(5_000))).toBe(1);
    expect(markupDepth('<br><img src="a.png"><p>a<p>b<li>c'.repeat(1_000))).toBe(0);
    expect(markupDepth('</b>'.repeat(1_000) + '<i>x</i>')).toBe(1);
  });

  it('a list nested exactly to the limit is accepted, one level more is refused', () => {
    expect(isMarkupWithinDepth(list(MAX_MARKUP_DEPTH / 2))).toBe(true);
    expect(isMarkupWithinDepth(`<i>${'<b>'.repeat(MAX_MARKUP_DEPTH)}`)).toBe(false);
  });

  it('reads 50,000 characters in a few milliseconds, whatever their shape', () => {
    for (const unit of ['<a ', '<b>', '> ', '- ', '1. ', '<', '\n']) {
      const text = unit.repeat(Math.ceil(50_000 / unit.length));
      const started = performance.now();
      markupDepth(text);
      expect(performance.now() - started).toBeLessThan(200);
    }
  });
});
