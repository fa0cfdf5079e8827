import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ImageTooLargeError, runImageWork } from '../media/image-work.js';

/** portal.md §3 Post images: the four sizes, each re-encoded from the upload (never served as sent). */
const SIZES = { image: 2000, large_image: 1200, medium_image: 800, thumbnail_image: 400 } as const;
export type ImageSet = Record<keyof typeof SIZES, string>;

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Where uploads are served from; the name is ours (random), never the uploader's. */
export const MEDIA_PATH = '/media/';
export const MEDIA_NAME =
  /^post-\d+-[A-Za-z0-9_-]{12}-(image|large_image|medium_image|thumbnail_image)\.webp$/;

/**
 * Decodes the upload and writes four WebP sizes no wider than their limit, its metadata dropped.
 * Nothing is written unless the whole picture decodes: a JPEG, PNG or WebP within the pixel limit
 * (`media/image-work.ts`) whose every pixel reads (a truncated or corrupt file is refused, not
 * half-stored). Undefined when the upload is not such a picture; an ImageTooLargeError (its header
 * claims too many pixels) or ImageWorkBusyError (the image queue is full) is thrown.
 */
export async function storePostImage(
  dir: string,
  postId: number,
  upload: Buffer,
): Promise<ImageSet | undefined> {
  const encoded = await encodeSizes(upload);
  if (!encoded) return undefined;
  await mkdir(dir, { recursive: true });
  const stem = `post-${postId}-${randomBytes(9).toString('base64url')}`;
  const names = encoded.map(([size]) => `${stem}-${size}.webp`);
  try {
    await Promise.all(encoded.map(([, out], i) => writeFile(path.join(dir, names[i] ?? ''), out)));
  } catch (err) {
    await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
    throw err;
  }
  const url = (size: ImageSize) => `${MEDIA_PATH}${stem}-${size}.webp`;
  return {
    image: url('image'),
    large_image: url('large_image'),
    medium_image: url('medium_image'),
    thumbnail_image: url('thumbnail_image'),
  };
}

type ImageSize = keyof typeof SIZES;

const [LARGEST, ...SMALLER] = Object.entries(SIZES) as [
  [ImageSize, number],
  ...[ImageSize, number][],
];

/**
 * The four sizes, in memory, or undefined when the upload is not a whole picture we accept. The
 * upload is decoded once, to the largest size (raw pixels, at most 2000 px wide, about 12 MB); the
 * smaller sizes are made from those. `failOn: 'warning'` makes a truncated or corrupt file fail
 * that decode, which reads every pixel.
 */
async function encodeSizes(upload: Buffer): Promise<[ImageSize, Buffer][] | undefined> {
  return runImageWork(async ({ open, header }) => {
    const meta = await header(upload).catch((err: unknown) => {
      if (err instanceof ImageTooLargeError) throw err;
      return undefined;
    });
    if (!meta?.format || !['jpeg', 'png', 'webp'].includes(meta.format)) return undefined;
    let decoded;
    try {
      decoded = await open(upload, { failOn: 'warning' })
        .rotate()
        .resize({ width: LARGEST[1], withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      return undefined;
    }
    const { data, info } = decoded;
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const sizes: [ImageSize, Buffer][] = [];
    // One after the other: each is small, and the slot is this upload's for the while.
    for (const [size, width] of [LARGEST, ...SMALLER]) {
      const out = await open(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      sizes.push([size, out]);
    }
    return sizes;
  });
}

/**
 * Deletes the files of a post's images that the admin made (`/media/<name>`, nothing else): called
 * when an image is replaced or its post deleted, so the old address answers 404.
 */
export async function removePostImages(
  dir: string,
  post: Partial<Record<ImageSize, string | null>>,
): Promise<void> {
  const names = Object.keys(SIZES).flatMap((size) => {
    const url = post[size as ImageSize];
    const name = url?.startsWith(MEDIA_PATH) ? url.slice(MEDIA_PATH.length) : undefined;
    return name && MEDIA_NAME.test(name) ? [name] : [];
  });
  await Promise.all(names.map((name) => rm(path.join(dir, name), { force: true })));
}
