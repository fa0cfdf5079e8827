import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * A PNG whose header claims `width` × `height` pixels but whose data is one pixel's: what a hostile
 * upload or feed image looks like (a few hundred bytes that would decode to gigabytes).
 */
export async function hugePng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (4) at 8, type at 12, width at 16, height at 20, its CRC over type and data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
