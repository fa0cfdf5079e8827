import type { Metadata, Sharp, SharpOptions } from 'sharp';

/**
 * Every decode, resize and encode of an image in this process — an editor's upload, a feed's image —
 * runs through this one queue, at most `IMAGE_WORK.concurrent` at a time. A 38-megapixel picture
 * decodes to about 115 MB of pixels; six at once took the resident set to 900 MB and glibc kept
 * 650 MB of it afterwards. Two at a time, with libvips' own cache off and one libvips thread each,
 * bound what image work can take whatever arrives.
 */
export const IMAGE_WORK = {
  /** Images worked on at once, uploads and feed images together. */
  concurrent: 2,
  /** Jobs waiting for a slot; past this a job is refused at once (ImageWorkBusyError). */
  maxWaiting: 32,
  /** libvips threads per image (its default is the number of cores). */
  threadsPerImage: 1,
  /** The largest picture decoded, uploads and feed images alike (40 megapixels). */
  maxInputPixels: 40_000_000,
} as const;

/** The queue was full: the job was not started. */
export class ImageWorkBusyError extends Error {
  override name = 'ImageWorkBusyError';
}

/** A picture whose header claims more pixels than `IMAGE_WORK.maxInputPixels`; never decoded. */
export class ImageTooLargeError extends Error {
  override name = 'ImageTooLargeError';
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`${width} × ${height} pixels is over the limit of ${IMAGE_WORK.maxInputPixels}`);
  }
}

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loaded: Promise<SharpFactory> | undefined;

/**
 * sharp, loaded with the first image (libvips and its threads cost memory a process that never
 * sees an image need not pay) and set small: no operation cache (every input is a new buffer, so
 * it would only hold memory) and `threadsPerImage` threads.
 */
function loadSharp(): Promise<SharpFactory> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(IMAGE_WORK.threadsPerImage);
    return sharp;
  });
  return loaded;
}

/** sharp on `input` with the pixel limit, and `failOn` or `raw` (decoded pixels) as the caller needs. */
export type OpenImage = (input: Buffer, options?: Pick<SharpOptions, 'failOn' | 'raw'>) => Sharp;

/** What a job is handed: sharp with the pixel limit, and the header check. */
export interface ImageTools {
  open: OpenImage;
  /**
   * The header's format and size, refusing a picture over the pixel limit before any pixel is
   * decoded (sharp refuses it too, but with an error a corrupt file also gives).
   */
  header: (input: Buffer) => Promise<Metadata>;
}

/** A snapshot of the queue, for the tests and the benchmark. */
export interface ImageWorkStats {
  running: number;
  waiting: number;
  /** The most jobs ever running at once in this process. */
  peak: number;
  done: number;
}

const waiting: (() => void)[] = [];
const stats = { running: 0, peak: 0, done: 0 };

export const imageWorkStats = (): ImageWorkStats => ({ ...stats, waiting: waiting.length });

function toolsOf(sharp: SharpFactory): ImageTools {
  return {
    open: (input, options) =>
      sharp(input, { limitInputPixels: IMAGE_WORK.maxInputPixels, ...options }),
    header: async (input) => {
      // The header only (no pixels): read without the limit so the size can be named.
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      const { width = 0, height = 0 } = meta;
      if (width * height > IMAGE_WORK.maxInputPixels) throw new ImageTooLargeError(width, height);
      return meta;
    },
  };
}

/**
 * Runs `job` when a slot is free (first come, first served), handing it sharp with the pixel limit
 * applied. Rejects with ImageWorkBusyError when `maxWaiting` jobs already wait.
 */
export async function runImageWork<T>(job: (tools: ImageTools) => Promise<T>): Promise<T> {
  if (stats.running >= IMAGE_WORK.concurrent) {
    if (waiting.length >= IMAGE_WORK.maxWaiting) {
      throw new ImageWorkBusyError('too many images are being worked on; try again shortly');
    }
    // A finished job hands its slot to the first waiting one (running stays counted).
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    stats.running += 1;
  }
  stats.peak = Math.max(stats.peak, stats.running);
  try {
    return await job(toolsOf(await loadSharp()));
  } finally {
    stats.done += 1;
    const next = waiting.shift();
    if (next) next();
    else stats.running -= 1;
  }
}
