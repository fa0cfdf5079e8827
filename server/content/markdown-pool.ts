import { Worker } from 'node:worker_threads';
import { assertMarkupWithinDepth } from './markdown.js';

export interface ToConvert {
  id: number;
  markdown: string;
}
export type Converted =
  { id: number; html: string } | { id: number; error: string; refused: boolean };

/**
 * How long one body may take to convert. The largest bodies the admin accepts (50,000 characters
 * nested to the limit) take a few seconds on a busy two-core host; anything slower is refused.
 */
export const CONVERSION_BUDGET_MS = 15_000;
/** A converter left idle this long stops, giving back the memory jsdom holds (about 60 MB). */
const IDLE_MS = 60_000;

/** A body the converter refused or gave up on: the editor's to change (400 `{detail}`). */
export class ConversionRefused extends Error {
  readonly statusCode = 400;
}

interface Job extends ToConvert {
  resolve: (html: string) => void;
  reject: (err: Error) => void;
}

/**
 * The worker file beside this one: `.js` once built; in development and tests the `.ts` source,
 * loaded through tsx's loader (a worker thread does not inherit the parent's loader).
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./markdown.worker.js', import.meta.url));
  const source = new URL('./markdown.worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}));`,
    { eval: true },
  );
}

/**
 * Converts editors' Markdown on a worker thread, one body at a time, each within its budget: the
 * parsers are synchronous, and a slow body on the request path would block every other request.
 * A body past its budget stops the worker (the next body starts a new one).
 */
class MarkdownConverter {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private queue: Job[] = [];
  private running: Job | null = null;
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  async convert(markdown: string): Promise<string> {
    // Refused here too, so a hopeless body never reaches the worker.
    assertMarkupWithinDepth(markdown);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, markdown, resolve, reject });
      void this.pump();
    });
  }

  private boot(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = startWorker();
    worker.unref();
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    worker.on('message', (message: Converted | { ready: true }) => {
      if ('id' in message) this.finish(message);
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', () => {
      if (this.worker === worker) this.reset();
    });
    return this.ready;
  }

  private async pump(): Promise<void> {
    if (this.running || this.queue.length === 0) return;
    const job = this.queue.shift();
    if (!job) return;
    this.running = job;
    if (this.idle) clearTimeout(this.idle);
    try {
      await this.boot();
    } catch (err) {
      this.fail(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    const timer = setTimeout(() => {
      this.fail(
        new ConversionRefused('This body takes too long to convert: shorten it or simplify it.'),
      );
    }, CONVERSION_BUDGET_MS);
    timer.unref();
    job.reject = ((reject) => (err: Error) => (clearTimeout(timer), reject(err)))(job.reject);
    job.resolve = ((resolve) => (html: string) => (clearTimeout(timer), resolve(html)))(
      job.resolve,
    );
    this.worker?.postMessage({ id: job.id, markdown: job.markdown } satisfies ToConvert);
  }

  private finish(message: Converted) {
    const job = this.running;
    if (!job || job.id !== message.id) return;
    this.running = null;
    if ('html' in message) job.resolve(message.html);
    else
      job.reject(message.refused ? new ConversionRefused(message.error) : new Error(message.error));
    this.next();
  }

  /** The running body failed or ran out of time: it is refused and the worker starts afresh. */
  private fail(err: Error) {
    const job = this.running;
    this.running = null;
    const worker = this.worker;
    this.reset();
    void worker?.terminate();
    job?.reject(err);
    this.next();
  }

  private next() {
    if (this.queue.length > 0) {
      void this.pump();
      return;
    }
    this.idle = setTimeout(() => {
      const worker = this.worker;
      this.reset();
      void worker?.terminate();
    }, IDLE_MS);
    this.idle.unref();
  }

  private reset() {
    this.worker = null;
    this.ready = null;
  }
}

const converter = new MarkdownConverter();

/** An editor's Markdown as sanitised HTML, converted off the request path within its budget. */
export const convertMarkdown = (markdown: string): Promise<string> => converter.convert(markdown);
