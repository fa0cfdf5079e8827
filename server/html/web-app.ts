import { readFile } from 'node:fs/promises';
import type { Campus } from '../../contract/campus.schema.js';

/**
 * The installable app (issue 44): the web app manifest, its icons and the tags every page carries
 * to point at them. Everything follows the campus configuration: the product name, the colours, and
 * the icons made from the campus logo (or, without one, the default mark) when first asked for.
 */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const ICONS = {
  any192: { path: '/icons/icon-192.png', size: 192, purpose: 'any' },
  any512: { path: '/icons/icon-512.png', size: 512, purpose: 'any' },
  maskable512: { path: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
  apple180: { path: '/icons/apple-touch-icon.png', size: 180, purpose: 'apple' },
} as const;
export type IconName = keyof typeof ICONS;

/** The default mark: a check in the accent colour on the brand colour, full bleed. */
const defaultMark = (background: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">` +
      `<rect width="512" height="512" fill="${background}"/>` +
      `<path d="M150 266 l72 72 l140 -168" stroke="#f0b323" stroke-width="52" fill="none" ` +
      `stroke-linecap="round" stroke-linejoin="round"/></svg>`,
  );

/** The web app manifest for this campus. */
export function webAppManifest(campus: Campus) {
  const { productName, app } = campus;
  return {
    id: '/',
    name: productName,
    short_name: productName,
    description: `${productName}: classes, bills, grades and deadlines in one place.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: app.themeColor.light,
    background_color: app.backgroundColor.light,
    // The dark theme's colours, for browsers that read them (the pages' theme-color tags say both).
    user_preferences: {
      color_scheme_dark: {
        theme_color: app.themeColor.dark,
        background_color: app.backgroundColor.dark,
      },
    },
    icons: (['any192', 'any512', 'maskable512'] as const).map((name) => ({
      src: ICONS[name].path,
      sizes: `${ICONS[name].size}x${ICONS[name].size}`,
      type: 'image/png',
      purpose: ICONS[name].purpose,
    })),
  };
}

const escapeAttribute = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The tags of the installable app, for a page's `<head>`. */
export function webAppHeadTags(campus: Campus): string {
  const { productName, app } = campus;
  return [
    `<link rel="manifest" href="${MANIFEST_PATH}" />`,
    `<meta name="theme-color" content="${app.themeColor.light}" media="(prefers-color-scheme: light)" />`,
    `<meta name="theme-color" content="${app.themeColor.dark}" media="(prefers-color-scheme: dark)" />`,
    `<link rel="apple-touch-icon" href="${ICONS.apple180.path}" />`,
    `<meta name="mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-title" content="${escapeAttribute(productName)}" />`,
    `<meta name="apple-mobile-web-app-status-bar-style" content="default" />`,
  ].join('\n    ');
}

/**
 * One icon as PNG. `any` keeps the logo whole on a clear background; `maskable` puts it inside the
 * safe zone (the middle 80 %) on the theme colour, since the launcher crops to its own shape; the
 * Apple icon is opaque (iOS fills transparency with black).
 */
export async function renderIcon(campus: Campus, name: IconName): Promise<Buffer> {
  const { size, purpose } = ICONS[name];
  const { logo, themeColor, backgroundColor } = campus.app;
  const source = logo === null ? defaultMark(themeColor.light) : await readFile(logo);
  // sharp and libvips load with the first icon asked for, not with every page that links to one.
  const { default: sharp } = await import('sharp');
  if (purpose === 'any') {
    return sharp(source)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
  }
  const background = purpose === 'maskable' ? themeColor.light : backgroundColor.light;
  const inner = logo === null ? size : Math.round(size * 0.7);
  const mark = await sharp(source)
    .resize(inner, inner, { fit: 'contain', background })
    .flatten({ background })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .composite([{ input: mark, gravity: 'centre' }])
    .removeAlpha()
    .png()
    .toBuffer();
}
