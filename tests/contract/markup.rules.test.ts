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

  it('a body nested exactly 32 levels is accepted, 33 is refused', () => {
    expect(isMarkupWithinDepth('>'.repeat(MAX_MARKUP_DEPTH))).toBe(true);
    expect(isMarkupWithinDepth('>'.repeat(MAX_MARKUP_DEPTH + 1))).toBe(false);
    expect(isMarkupWithinDepth(`${'>'.repeat(MAX_MARKUP_DEPTH - 1)}<b>`)).toBe(true);
    expect(isMarkupWithinDepth(`${'>'.repeat(MAX_MARKUP_DEPTH)}<b>`)).toBe(false);
  });

  it('the depth of a body is its HTML elements open at once plus the Markdown containers of its deepest line', () => {
    expect(markupDepth('> > <b><i>x')).toBe(4);
    expect(markupDepth('<b>x</b>\n> > y')).toBe(3);
  });

  it.each<[string, string, number]>([
    ['a quote', '> quote', 1],
    ['a quote in a quote', '> > inner', 2],
    ['quote markers side by side', '>>> x', 3],
    ['a dash item', '- item', 1],
    ['a star item', '* item', 1],
    ['a plus item', '+ item', 1],
    ['an item marker before a tab', '-\titem', 1],
    ['an item marker ending the text', '-', 1],
    ['an item marker ending its line', '-\nx', 1],
    ['a dash without a space after it', '-item', 0],
    ['a numbered item with a dot', '1. item', 1],
    ['a numbered item with a parenthesis', '12) item', 1],
    ['a number of nine digits', '123456789. item', 1],
    ['a number of ten digits', '1234567890. item', 0],
    ['a number without a space after its dot', '1.5 litres', 0],
    ['a number without a dot', '12 apples', 0],
    ['a number ending the text', '7.', 1],
    ['a quote holding a numbered item holding a list', '> 1. - x', 3],
    ['a marker after text', 'x > y - z', 0],
    ['two spaces of indentation', '  - item', 2],
    ['a tab of indentation (four columns)', '\t- item', 3],
    ['four spaces of indentation without a marker', '    code', 2],
    ['spaces after a marker', '-     item', 1],
    ['the deepest of several lines', 'a\n> > b\n- c', 2],
    ['a deep line after a shallow one without a newline at the end', '- a\n> > > b', 3],
  ])('Markdown: %s (%j) nests %i levels', (_name, body, depth) => {
    expect(markupDepth(body)).toBe(depth);
  });

  it.each<[string, string, number]>([
    ['elements inside each other', '<b><i>x</i></b>', 2],
    ['an end tag closing its element, whatever its case', '<B>x</b><i>y', 1],
    ['tag names from a to z and A to Z', '<a><z><A><Z>', 4],
    ['a < not followed by a letter', '< b> <1> <-x> </ b>', 0],
    ['digits in a name: </h> does not close <h0> or <h9>', '<h0><h9></h><i>', 3],
    ['a hyphen in a name: </my> does not close <my-el>', '<my-el></my><i>', 2],
    ['an end tag of another element', '<b></i><u>', 2],
    [
      'a name read to 20 characters: an end tag of its first 20 closes it',
      `<${'x'.repeat(25)}></${'x'.repeat(20)}><i>`,
      1,
    ],
    ['an end tag of nothing open, then one that is', '</b><b></b><i>', 1],
    [
      'a < inside an attribute, counted as an element: the depth is an upper bound',
      '<b title="<i><u><s>">x',
      4,
    ],
  ])('HTML: %s (%j): %i elements open at once', (_name, body, depth) => {
    expect(markupDepth(body)).toBe(depth);
  });
});
