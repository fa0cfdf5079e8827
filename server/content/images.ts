import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
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

/**
 * Decodes the upload (refusing what is not a JPEG, PNG or WebP picture or is larger than 40
 * megapixels), drops its metadata, and writes four WebP sizes no wider than their limit.
 */
export async function storePostImage(
  dir: string,
  postId: number,
  upload: Buffer,
): Promise<ImageSet | undefined> {
  // Loaded with the first upload (libvips and its threads): only editors upload.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(upload, { limitInputPixels: 40_000_000 }).metadata();
  } catch {
    return undefined;
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) return undefined;
  await mkdir(dir, { recursive: true });
  const stem = `post-${postId}-${randomBytes(9).toString('base64url')}`;
  const entries = await Promise.all(
    Object.entries(SIZES).map(async ([size, width]) => {
      const name = `${stem}-${size}.webp`;
      const out = await sharp(upload, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      await writeFile(path.join(dir, name), out);
      return [size, `${MEDIA_PATH}${name}`] as const;
    }),
  );
  return {
    image: entries.find(([s]) => s === 'image')?.[1] ?? '',
    large_image: entries.find(([s]) => s === 'large_image')?.[1] ?? '',
    medium_image: entries.find(([s]) => s === 'medium_image')?.[1] ?? '',
    thumbnail_image: entries.find(([s]) => s === 'thumbnail_image')?.[1] ?? '',
  };
}
