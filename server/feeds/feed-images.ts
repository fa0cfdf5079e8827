import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CacheStore } from '../cache/store.js';
import type { FEED_IMAGE_WIDTHS } from '../../contract/events.schema.js';
import { FEED_IMAGE_PATH } from '../../contract/events.schema.js';
import { encodeFeedImage } from './feed-image-encode.js';
import { fetchImage } from './fetch-image.js';
import type { ImageFetchLimits } from './fetch-image.js';

export type FeedImageWidth = (typeof FEED_IMAGE_WIDTHS)[number];

/** What feed images may cost the server. */
export const FEED_IMAGE_LIMITS = {
  /** Bytes of one image as its host sends it. */
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 3,
  /**
   * Re-encoded bytes held by one process, all images and widths together: the 36 shown (three
   * feeds of 12) take about 3 MB; an image no feed shows any more is dropped at once.
   */
  cacheBytes: 16 * 1024 * 1024,
  /** An image is fetched again after a day; until the new copy arrives the old one serves. */
  freshMs: 24 * 3_600_000,
  /** An image that failed is not asked for again for this long. */
  retryMs: 10 * 60_000,
  /**
   * Images fetched at once; their decoding also waits for a slot of the process's image queue
   * (media/image-work.ts, two at a time with uploads), whose pixel limit applies.
   */
  concurrent: 2,
} as const;

/** A feed image's id: the SHA-256 of its source address (43 characters, base64url). */
export const feedImageId = (source: string) =>
  createHash('sha256').update(source).digest('base64url');

interface HeldImage {
  widths: Map<FeedImageWidth, Buffer>;
  fetchedAt: number;
}

export interface FeedImagesOptions {
  fetch: ImageFetchLimits;
  clock: () => Date;
  log: FastifyBaseLogger;
  /**
   * The store every process shares (Redis with several processes): each image a feed answer names is
   * noted there, so another process asked for it fetches it too instead of answering 404.
   */
  shared?: CacheStore;
}

/** The shared note of an image a feed answer named: its source, by its id. */
const sharedKey = (id: string) => `feed-images:${id}`;
/** A note is written again at most this often per image per process (not on every answer). */
const NOTE_AGAIN_MS = 3_600_000;
/**
 * How long a process asked for an image another process named waits for its own copy before it
 * answers 404 (the card then shows its placeholder): the fetch's own limit, and the decode.
 */
export const FETCH_ON_DEMAND_SLACK_MS = 2_000;

/**
 * The images of the feeds, fetched by the server and served from the portal's own origin.
 *
 * The re-encoded bytes are held in this process (a least-recently-used map bounded to
 * `cacheBytes`), not in the shared answer cache: a few dozen images are shown at a time (about
 * 40 kB each), so a process fetches each at most once a day, while Redis would carry every image as
 * base64 JSON on each request and has no bound of ours. A feed answer names only images this process
 * holds; others are fetched in the background and named in a later answer.
 *
 * Only what a feed answer shows is prepared and served: each answer records its items' images as
 * that feed's view (`show`), starting their preparation in the background; the image route serves
 * an id only while a view names it and its bytes are held, and never fetches or decodes: any other
 * id is 404 at the cost of two map look-ups. Views are per process: a process that has not answered
 * a feed answers 404 for its images (the card shows its placeholder) until it does.
 */
export class FeedImages {
  private readonly held: LRUCache<string, HeldImage>;
  private readonly failedAt = new LRUCache<string, number>({ max: 10_000 });
  private readonly inflight = new Map<string, Promise<boolean>>();
  /** Per feed, the image ids (and their sources) its latest answer in this process showed. */
  private readonly views = new Map<string, Map<string, string>>();
  /**
   * Images another process's feed answer named (the shared note), by id: shown here too, for a
   * minute, then the note is read again (the other process may have stopped showing it).
   */
  private readonly namedElsewhere = new LRUCache<string, string>({ max: 1_000, ttl: 60_000 });
  /** When this process last wrote each image's shared note. */
  private readonly noted = new LRUCache<string, number>({ max: 1_000 });
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

  /** The portal address of the image at `source` when it is held, else null. */
  addressOf(source: string): string | null {
    const id = feedImageId(source);
    return this.held.has(id) ? `${FEED_IMAGE_PATH}${id}` : null;
  }

  /**
   * Records the images `feed`'s answer shows now, preparing in the background those not held (or
   * held for more than a day); an image no feed shows any more is dropped.
   */
  show(feed: string, sources: string[]): void {
    const before = this.views.get(feed);
    this.views.set(feed, new Map(sources.map((source) => [feedImageId(source), source])));
    for (const source of sources) {
      void this.prepare(source);
      this.note(source);
    }
    for (const id of before?.keys() ?? []) {
      if (!this.isShown(id)) {
        this.held.delete(id);
        this.unnote(id);
      }
    }
  }

  private isShown(id: string): boolean {
    for (const view of this.views.values()) if (view.has(id)) return true;
    return this.namedElsewhere.has(id);
  }

  /** Writes the shared note that a feed answer names the image at `source` (at most hourly). */
  private note(source: string): void {
    const { shared } = this.options;
    const id = feedImageId(source);
    const now = this.now();
    const last = this.noted.get(id);
    if (!shared || (last !== undefined && now - last < NOTE_AGAIN_MS)) return;
    this.noted.set(id, now);
    const entry = { value: source, storedAt: now, freshUntil: now + FEED_IMAGE_LIMITS.freshMs };
    shared.set(sharedKey(id), entry, FEED_IMAGE_LIMITS.freshMs).catch((err: unknown) => {
      this.noted.delete(id);
      this.options.log.warn({ err }, 'feed image could not be noted in the shared store');
    });
  }

  /** Takes the shared note away once this process's answers no longer show the image. */
  private unnote(id: string): void {
    this.noted.delete(id);
    this.namedElsewhere.delete(id);
    this.options.shared?.delete(sharedKey(id)).catch(() => undefined);
  }

  /**
   * The bytes of image `id` at `width`, from any process's feed answer: this process's own, else the
   * shared note another process wrote, whose image this process then fetches and re-encodes within
   * the same limits, waiting at most `waitMs`. Undefined for an id no feed answer named, or an image
   * that cannot be had in time (the card shows its placeholder).
   */
  async servableAnywhere(
    id: string,
    width: FeedImageWidth,
    waitMs: number,
  ): Promise<Buffer | undefined> {
    const here = this.servable(id, width);
    if (here || !this.options.shared) return here;
    let source = this.namedElsewhere.get(id);
    if (!source) {
      const entry = await this.options.shared.get(sharedKey(id)).catch(() => undefined);
      const value = entry?.value;
      // A note is only a pointer: it must name the source whose hash is this id.
      if (typeof value !== 'string' || feedImageId(value) !== id) return undefined;
      source = value;
      this.namedElsewhere.set(id, source);
    }
    await this.prepareAll([source], waitMs);
    return this.servable(id, width);
  }

  /**
   * The bytes of image `id` at `width` when a feed answer shows it and it is prepared; undefined
   * otherwise, whatever the id. Never fetches nor decodes.
   */
  servable(id: string, width: FeedImageWidth): Buffer | undefined {
    return this.isShown(id) ? this.held.get(id)?.widths.get(width) : undefined;
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
  private prepare(source: string): Promise<boolean> {
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
