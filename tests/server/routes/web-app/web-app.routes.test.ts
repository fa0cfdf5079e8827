import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.js';

/** A campus configuration file beside a 300×200 red logo; the configuration names it relatively. */
async function campusWithLogo(config: Record<string, unknown>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'campus-'));
  const logo = await sharp({
    create: { width: 300, height: 200, channels: 4, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  writeFileSync(path.join(dir, 'logo.png'), logo);
  const file = path.join(dir, 'campus.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

describe('GET /manifest.webmanifest', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  it('describes an installable standalone app named by the campus configuration', async () => {
    const file = await campusWithLogo({ productName: 'Owl Portal' });
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    const response = await app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest: { icons: unknown } = response.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Owl Portal',
      short_name: 'Owl Portal',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f4e79',
      background_color: '#f3f4f6',
      user_preferences: {
        color_scheme_dark: { theme_color: '#163a5a', background_color: '#121419' },
      },
    });
    expect(manifest.icons).toEqual([
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('serves each icon as a PNG of its declared size, made from the default mark', async () => {
    app = await createTestApp();
    const { icons } = (await app.inject({ url: '/manifest.webmanifest' })).json() as {
      icons: { src: string; sizes: string }[];
    };
    for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
      const response = await app.inject({ url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
  });

  it('makes the icons from the campus logo: kept whole, and inside the safe zone when maskable', async () => {
    const file = await campusWithLogo({ app: { logo: 'logo.png' } });
    app = await createTestApp({ env: { CAMPUS_CONFIG: file } });
    const pixel = async (url: string, x: number, y: number) => {
      const png = (await app.inject({ url })).rawPayload;
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * info.channels;
      return [...data.subarray(at, at + info.channels)];
    };
    // "any": the 3:2 logo fills the width, clear above and below it.
    expect(await pixel('/icons/icon-512.png', 256, 256)).toEqual([255, 0, 0, 255]);
    expect(await pixel('/icons/icon-512.png', 256, 10)).toEqual([0, 0, 0, 0]);
    // "maskable": the theme colour to the edge, the logo in the middle.
    expect(await pixel('/icons/maskable-512.png', 5, 256)).toEqual([0x1f, 0x4e, 0x79]);
    expect(await pixel('/icons/maskable-512.png', 256, 256)).toEqual([255, 0, 0]);
  });

  it('refuses a campus colour that is not #rrggbb at start-up', async () => {
    const file = await campusWithLogo({ app: { themeColor: { light: 'blue' } } });
    await expect(createTestApp({ env: { CAMPUS_CONFIG: file } })).rejects.toThrow(
      /CAMPUS_CONFIG app\.themeColor\.light: a colour as #rrggbb/,
    );
  });
});
