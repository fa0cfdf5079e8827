import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';

/** portal.md §3 Post images: the four sizes, each re-encoded from the upload (never served as sent). */
const SIZES = { image: 2000, large_image: 1200, medium_image: 800, thumbnail_image: 400 } as const;
export type ImageSet = Record<keyof typeof SIZES, string>;

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** Where uploads are served from; the name is ours (random), never the uploader's. */
export const MEDIA_PATH = '/media/';
export const MEDIA_NAME =
  /^post-\d+-[A-Za-z0-9_-]{12}-(image|large_image|medium_image|thumbnail_image)\.webp$/;

/** The pixel limit of an upload: 40 megapixels. */
const LIMIT = { limitInputPixels: 40_000_000, failOn: 'warning' } as const;

/**
 * Decodes the upload and writes four WebP sizes no wider than their limit, its metadata dropped.
 * Nothing is written unless the whole picture decodes: a JPEG, PNG or WebP within 40 megapixels
 * whose every pixel reads (a truncated or corrupt file is refused, not half-stored). Undefined when
 * the upload is refused.
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

/** The four sizes, in memory, or undefined when the upload is not a whole picture we accept. */
async function encodeSizes(upload: Buffer): Promise<[ImageSize, Buffer][] | undefined> {
  // Loaded with the first upload (libvips and its threads): only editors upload.
  const { default: sharp } = await import('sharp');
  try {
    const meta: Metadata = await sharp(upload, LIMIT).metadata();
    if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) return undefined;
    // A full decode, every pixel read (and none kept): a truncated file fails here.
    await sharp(upload, LIMIT).stats();
    return await Promise.all(
      (Object.entries(SIZES) as [ImageSize, number][]).map(async ([size, width]) => {
        const out = await sharp(upload, LIMIT)
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        return [size, out] as [ImageSize, Buffer];
      }),
    );
  } catch {
    return undefined;
  }
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
