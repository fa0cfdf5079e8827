// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module, as the browser has it before the renderers' chunks arrive. */
async function freshRichText() {
  vi.resetModules();
  return import('../../src/lib/rich-text.js');
}

describe('content renderers come with the content', () => {
  it('before the sanitiser arrives, HTML renders as nothing rather than unsanitised', async () => {
    const richText = await freshRichText();
    expect(richText.sanitizeHtml('<p>Hi</p><img src=x onerror=alert(1)>')).toBe('');
    await richText.loadSanitizer();
    expect(richText.sanitizeHtml('<p>Hi</p><img src=x onerror=alert(1)>')).toBe('<p>Hi</p><img>');
  });

  it('posts within the allow-list, as the server stores them, render without loading DOMPurify', async () => {
    const richText = await freshRichText();
    await richText.sanitizerFor(['<p>Register by <a href="/resources">Friday</a></p>']);
    expect(richText.sanitizeHtml('<p>Register by <a href="/resources">Friday</a></p>')).toBe(
      '<p>Register by <a href="/resources">Friday</a></p>',
    );
    // DOMPurify is still away: a body outside the list renders as nothing, not unsanitised.
    expect(richText.sanitizeHtml('<p>Hi<script>x</script></p>')).toBe('');
    expect(richText.linkifyComponent()).toBeNull();
  });

  it('a read of posts with a body outside the allow-list answers only once DOMPurify is here', async () => {
    const richText = await freshRichText();
    await richText.sanitizerFor(['<p>ok</p>', '<p>Hi<script>x</script></p>']);
    expect(richText.sanitizeHtml('<p>Hi<script>x</script></p>')).toBe('<p>Hi</p>');
  });

  it('a body is sanitised once while the page around it renders again, and again when it changes', async () => {
    const richText = await freshRichText();
    await richText.loadSanitizer();
    const DOMPurify = (await import('dompurify')).default;
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    const { result, rerender } = renderHook(({ html }) => richText.useSanitizedHtml(html), {
      initialProps: { html: '<p>Hi<script>x</script></p>' },
    });
    rerender({ html: '<p>Hi<script>x</script></p>' });
    rerender({ html: '<p>Hi<script>x</script></p>' });
    expect(result.current).toBe('<p>Hi</p>');
    expect(sanitize).toHaveBeenCalledTimes(1);
    rerender({ html: '<p>Bye<script>x</script></p>' });
    expect(result.current).toBe('<p>Bye</p>');
    expect(sanitize).toHaveBeenCalledTimes(2);
    sanitize.mockRestore();
  });

  it('only http and https addresses call for the auto-linker (portal.md §5)', async () => {
    const { hasLinks } = await freshRichText();
    expect(hasLinks(['Registration opens Monday', 'Call 503-555-0100'])).toBe(false);
    expect(hasLinks(['Apply at https://example.edu/apply'])).toBe(true);
    expect(hasLinks(['See HTTP://example.edu'])).toBe(true);
  });

  it('a message shows as plain text until the auto-linker arrives, then its http links in place', async () => {
    vi.resetModules();
    const { MessageText } = await import('../../src/ui/portal/message-text.js');
    const { loadAutoLinker } = await import('../../src/lib/rich-text.js');
    const text = 'See https://example.edu/apply now';
    render(<MessageText text={text} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    await act(() => loadAutoLinker());
    expect(screen.getByRole('link', { name: 'https://example.edu/apply' })).toHaveAttribute(
      'href',
      'https://example.edu/apply',
    );
  });
});
