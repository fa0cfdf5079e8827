import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml } from '../../../server/content/markdown.js';
import { ConversionRefused, convertMarkdown } from '../../../server/content/markdown-pool.js';

describe("an editor's Markdown is converted off the request path", () => {
  it('converts and sanitises a body on the worker thread', async () => {
    const html = await convertMarkdown('Read **this**. <script>window.pwned = 1</script>');
    expect(html.trim()).toBe('<p>Read <strong>this</strong>. </p>');
  }, 60_000);

  // Where the work runs, not how long the loop stood still: on a loaded machine the main thread also
  // stands still while the OS runs others (a CI host stood 1.4 s, another 0.4 s with the conversion
  // off the thread). The event loop's utilisation counts only the time it ran something: the same
  // body converted on this thread keeps it busy throughout, converted on the worker it waits.
  it('a long body at the depth limit converts off the event loop: the loop is busy under half the time, where converting it here keeps it busy throughout', async () => {
    await convertMarkdown('warm');
    const unit = Array.from({ length: 15 }, (_, i) => `${' '.repeat(i * 2)}- item\n`).join('');
    const body = unit.repeat(Math.floor(48_000 / unit.length));
    const busy = async <T>(work: () => Promise<T>) => {
      const before = performance.eventLoopUtilization();
      const value = await work();
      return { value, utilization: performance.eventLoopUtilization(before).utilization };
    };
    const inThread = await busy(async () => markdownToSafeHtml(body));
    // The least of three: a collection or another file's start in this process can land in one.
    const offThread = [
      await busy(() => convertMarkdown(body)),
      await busy(() => convertMarkdown(body)),
      await busy(() => convertMarkdown(body)),
    ].reduce((least, run) => (run.utilization < least.utilization ? run : least));
    expect(offThread.value).toBe(inThread.value);
    expect(offThread.value.split('<li>').length).toBeGreaterThan(2_000);
    expect(inThread.utilization).toBeGreaterThan(0.9);
    expect(offThread.utilization).toBeLessThan(0.5);
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
