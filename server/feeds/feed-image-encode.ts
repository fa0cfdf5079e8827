import { FEED_IMAGE_WIDTHS } from '../../contract/events.schema.js';
import { runImageWork } from '../media/image-work.js';

type FeedImageWidth = (typeof FEED_IMAGE_WIDTHS)[number];

/** The decoders accepted, whatever the Content-Type said (sharp's names). */
const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Decodes an image completely (a truncated or corrupt file fails here, not in a browser), refusing
 * what is not a JPEG, PNG, WebP or GIF picture or is over the pixel limit (its header says so before
 * any pixel is decoded), and re-encodes it as WebP at each width, its metadata dropped: decoded once,
 * to the largest width, the smaller made from those pixels. Runs in the process's image queue.
 * Throws when the bytes are not such a picture.
 */
export async function encodeFeedImage(bytes: Buffer): Promise<Map<FeedImageWidth, Buffer>> {
  return runImageWork(async ({ open, header }) => {
    const { format } = await header(bytes);
    if (!format || !FORMATS.has(format)) throw new Error(`not a picture format: ${format ?? '?'}`);
    const widest = Math.max(...FEED_IMAGE_WIDTHS);
    const { data, info } = await open(bytes, { failOn: 'warning' })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const widths = new Map<FeedImageWidth, Buffer>();
    for (const width of FEED_IMAGE_WIDTHS) {
      const out = await open(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      widths.set(width, out);
    }
    return widths;
  });
}
