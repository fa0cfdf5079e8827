import { describe, expect, it } from 'vitest';
import { plainText } from '../../server/plain-text.js';

describe('feed text as plain text', () => {
  it('drops tags, keeps their text and decodes entities', () => {
    expect(plainText('<p>Fire &amp; <b>smoke</b> drill</p>&nbsp;at <i>noon</i>')).toBe(
      'Fire & smoke drill at noon',
    );
  });

  it('drops what script, style, template and noscript hold, not only their tags', () => {
    expect(
      plainText(
        'Open<script>alert(1)</script><style>p{}</style><template>x</template><noscript><b>y</b></noscript> house',
      ),
    ).toBe('Open house');
  });

  it('collapses whitespace and leaves text without markup as it was', () => {
    expect(plainText('  Career \n\t fair ')).toBe('Career fair');
    expect(plainText('<p>Career</p>\n<p>fair</p>')).toBe('Career fair');
    expect(plainText('a < b')).toBe('a < b');
  });

  it('reads markup nested many thousands deep without running out of stack', () => {
    const depth = 200_000;
    expect(plainText(`${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}`)).toBe('deep');
  });

  it('answers empty text for anything but a string with content', () => {
    expect(plainText(undefined)).toBe('');
    expect(plainText(42)).toBe('');
    expect(plainText(' ')).toBe('');
    expect(plainText('<!-- only a comment -->')).toBe('');
  });
});
