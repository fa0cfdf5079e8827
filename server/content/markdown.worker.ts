import { parentPort } from 'node:worker_threads';
import { markdownToSafeHtml } from './markdown.js';
import type { Converted, ToConvert } from './markdown-pool.js';

/**
 * The converter's thread: Markdown in, sanitised HTML out, one body at a time. It loads DOMPurify
 * and jsdom before saying it is ready, so a first body's budget is not spent on loading them.
 */
const port = parentPort;
if (!port) throw new Error('markdown.worker runs only as a worker thread');
markdownToSafeHtml('');
port.postMessage({ ready: true });
port.on('message', ({ id, markdown }: ToConvert) => {
  let answer: Converted;
  try {
    answer = { id, html: markdownToSafeHtml(markdown) };
  } catch (err) {
    const refused = err instanceof Error && 'statusCode' in err && err.statusCode === 400;
    answer = { id, error: refused ? err.message : String(err), refused };
  }
  port.postMessage(answer);
});
