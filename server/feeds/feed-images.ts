import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { FEED_IMAGE_PATH, FEED_IMAGE_WIDTHS } from '../../contract/events.schema.js';
import { fetchImage } from './fetch-image.js';
import type { ImageFetchLimits } from './fetch-image.js';

export type FeedImageWidth = (typeof FEED_IMAGE_WIDTHS)[number];

/** What feed images may cost the server. */
export const FEED_IMAGE_LIMITS = {
  /** Bytes of one image as its host sends it. */
  maxBytes: 5 * 1024 * 1024,
  /** Pixels of one decoded image (a 5 MB file can claim a billion). */
  maxPixels: 40_000_000,
  maxRedirects: 3,
  /** Re-encoded bytes held by one process, all images and widths together. */
  cacheBytes: 32 * 1024 * 1024,
  /** An image is fetched again after a day; until the new copy arrives the old one serves. */
  freshMs: 24 * 3_600_000,
  /** An image that failed is not asked for again for this long. */
  retryMs: 10 * 60_000,
  /** Images fetched and re-encoded at once (sharp runs on libuv's threads, off the event loop). */
  concurrent: 4,
} as const;

/** A feed image's id: the SHA-256 of its source address (43 characters, base64url). */
export const feedImageId = (source: string) =>
  createHash('sha256').update(source).digest('base64url');

/** The decoders accepted, whatever the Content-Type said (sharp's names). */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Decodes an image completely (a truncated or corrupt file fails here, not in a browser), refusing
 * what is not a JPEG, PNG, WebP or GIF picture or is over `maxPixels`, and re-encodes it as WebP at
 * each width, its metadata dropped. Throws when the bytes are not such a picture.
 */
export async function encodeFeedImage(bytes: Buffer): Promise<Map<FeedImageWidth, Buffer>> {
  // Loaded with the first feed image (libvips and its threads).
  const { default: sharp } = await import('sharp');
  const open = () => sharp(bytes, { limitInputPixels: FEED_IMAGE_LIMITS.maxPixels });
  const { format } = await open().metadata();
  if (!format || !FORMATS.has(format)) throw new Error(`not a picture format: ${format ?? '?'}`);
  const widths = new Map<FeedImageWidth, Buffer>();
  for (const width of FEED_IMAGE_WIDTHS) {
    const out = await open()
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    widths.set(width, out);
  }
  return widths;
}

interface HeldImage {
  widths: Map<FeedImageWidth, Buffer>;
  fetchedAt: number;
}

export interface FeedImagesOptions {
  fetch: ImageFetchLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The images of the feeds, fetched by the server and served from the portal's own origin.
 *
 * The re-encoded bytes are held in this process (a least-recently-used map bounded to
 * `cacheBytes`), not in the shared answer cache: a few dozen images are shown at a time (about
 * 40 kB each), so a process fetches each at most once a day, while Redis would carry every image as
 * base64 JSON on each request and has no bound of ours. A feed answer names only images this process
 * holds; others are fetched in the background and named in a later answer.
 */
export class FeedImages {
  private readonly held: LRUCache<string, HeldImage>;
  private readonly failedAt = new LRUCache<string, number>({ max: 10_000 });
  private readonly inflight = new Map<string, Promise<boolean>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;

  constructor(private readonly options: FeedImagesOptions) {
    this.held = new LRUCache<string, HeldImage>({
      maxSize: FEED_IMAGE_LIMITS.cacheBytes,
      sizeCalculation: (image) =>
        [...image.widths.values()].reduce((sum, b) => sum + b.byteLength, 0) || 1,
    });
  }

  private now() {
    return this.options.clock().getTime();
  }

  /**
   * The portal address of the image at `source` when it is held, else null; either way an image
   * not held, or held for more than a day, is fetched in the background.
   */
  addressOf(source: string): string | null {
    const id = feedImageId(source);
    const held = this.held.get(id);
    if (!held || this.now() - held.fetchedAt > FEED_IMAGE_LIMITS.freshMs) void this.prepare(source);
    return held ? `${FEED_IMAGE_PATH}${id}` : null;
  }

  /** The bytes of image `id` at `width`, when held. */
  bytesOf(id: string, width: FeedImageWidth): Buffer | undefined {
    return this.held.get(id)?.widths.get(width);
  }

  /**
   * Fetches and re-encodes the images of `sources`, waiting for them at most `waitMs`: those not
   * ready by then go on in the background.
   */
  async prepareAll(sources: string[], waitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([Promise.allSettled(sources.map((s) => this.prepare(s))), deadline]);
    clearTimeout(timer);
  }

  /**
   * Makes the image at `source` held: true when it is (fresh, or an older copy while the new one
   * fails). One fetch per image however many ask; a failure is not retried for `retryMs`.
   */
  prepare(source: string): Promise<boolean> {
    const id = feedImageId(source);
    const held = this.held.peek(id);
    const now = this.now();
    if (held && now - held.fetchedAt <= FEED_IMAGE_LIMITS.freshMs) return Promise.resolve(true);
    const failed = this.failedAt.get(id);
    if (failed !== undefined && now - failed < FEED_IMAGE_LIMITS.retryMs) {
      return Promise.resolve(held !== undefined);
    }
    let flight = this.inflight.get(id);
    if (!flight) {
      flight = this.load(id, source).finally(() => this.inflight.delete(id));
      this.inflight.set(id, flight);
    }
    return flight;
  }

  private async load(id: string, source: string): Promise<boolean> {
    try {
      const widths = await this.oneAtATime(async () => {
        const { bytes } = await fetchImage(source, this.options.fetch);
        return encodeFeedImage(bytes);
      });
      this.held.set(id, { widths, fetchedAt: this.now() });
      this.failedAt.delete(id);
      return true;
    } catch (err) {
      this.failedAt.set(id, this.now());
      const reason = err instanceof Error ? err.message : String(err);
      this.options.log.warn({ image: source, reason }, 'feed image refused');
      return this.held.has(id);
    }
  }

  /** Runs `task` when fewer than `concurrent` others run (a finished task hands its slot on). */
  private async oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= FEED_IMAGE_LIMITS.concurrent) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
