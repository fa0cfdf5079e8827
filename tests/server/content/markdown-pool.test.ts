import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../../server/content/markdown.js';
import { ConversionRefused, convertMarkdown } from '../../../server/content/markdown-pool.js';

/** The longest the event loop stood still while `work` ran, sampled every 10 ms. */
async function longestStall<T>(work: Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 10);
  const value = await work;
  clearInterval(timer);
  return { value, stallMs: Math.max(stallMs, performance.now() - last) };
}

describe("an editor's Markdown is converted off the request path", () => {
  it('converts and sanitises a body on the worker thread', async () => {
    const html = await convertMarkdown('Read **this**. <script>window.pwned = 1</script>');
    expect(html.trim()).toBe('<p>Read <strong>this</strong>. </p>');
  }, 60_000);

  // Measured against the same body converted on this thread in the same run, not against a clock: on
  // a loaded machine both slow down together (an absolute 1 s failed once on a slow CI host).
  it('a long body at the depth limit converts while the event loop keeps answering: its longest stall is under a third of converting it here', async () => {
    await convertMarkdown('warm');
    const unit = Array.from({ length: 15 }, (_, i) => `${' '.repeat(i * 2)}- item\n`).join('');
    const body = unit.repeat(Math.floor(48_000 / unit.length));
    const inThread = await longestStall(Promise.resolve().then(() => markdownToSafeHtml(body)));
    const offThread = await longestStall(convertMarkdown(body));
    expect(offThread.value).toBe(inThread.value);
    expect(offThread.value.split('<li>').length).toBeGreaterThan(2_000);
    expect(offThread.stallMs).toBeLessThan(inThread.stallMs / 3);
  }, 60_000);

  it('48,000 characters of nested <b> are refused at once, before any parser, without blocking', async () => {
    const started = performance.now();
    await expect(convertMarkdown('<b>'.repeat(16_000))).rejects.toThrow(/at most 32 levels/);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('a refused body is a ConversionRefused or depth error the routes answer as 400', async () => {
    const err = await convertMarkdown('>'.repeat(16_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as { statusCode?: number }).statusCode).toBe(400);
    expect(ConversionRefused.name).toBe('ConversionRefused');
  });
});
