/**
 * One-off: draws the sample content's illustrations (public/content/*.webp) with sharp. Run again
 * only to change them: `node scripts/content-images.mjs`. Each output stays under 40 kB.
 */
import { mkdirSync, statSync } from 'node:fs';
import sharp from 'sharp';

const out = 'public/content';
mkdirSync(out, { recursive: true });

/** A campus skyline at dawn: sky, hills, brick halls with windows, a clock tower, trees. */
function campus(w, h, { sky = ['#f6c27a', '#8fb8de'], hue = '#7a3b2e' } = {}) {
  const ground = h * 0.78;
  const halls = [
    [0.04, 0.32, 0.2],
    [0.26, 0.22, 0.14],
    [0.42, 0.46, 0.12],
    [0.6, 0.28, 0.18],
    [0.8, 0.36, 0.16],
  ];
  const windows = halls
    .map(([x, top, width]) => {
      const rows = [];
      for (let r = 0; r < 4; r += 1)
        for (let c = 0; c < 5; c += 1)
          rows.push(
            `<rect x="${(x + 0.015 + c * width * 0.19) * w}" y="${ground - (top - 0.05 - r * 0.07) * h}" width="${width * 0.1 * w}" height="${0.04 * h}" fill="#f8e6b8" opacity="0.85"/>`,
          );
      return rows.join('');
    })
    .join('');
  const trees = Array.from({ length: 9 }, (_, i) => {
    const x = (0.05 + i * 0.11) * w;
    return `<circle cx="${x}" cy="${ground - 0.02 * h}" r="${0.05 * h}" fill="#2f6b3a"/><rect x="${x - 3}" y="${ground - 0.02 * h}" width="6" height="${0.06 * h}" fill="#4b3524"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[0]}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>
  <circle cx="${0.78 * w}" cy="${0.3 * h}" r="${0.09 * h}" fill="#fff3c4" opacity="0.9"/>
  <path d="M0 ${ground} Q ${0.25 * w} ${ground - 0.25 * h} ${0.5 * w} ${ground - 0.08 * h} T ${w} ${ground - 0.12 * h} V ${h} H 0 Z" fill="#6f9a6a"/>
  ${halls.map(([x, top, width]) => `<rect x="${x * w}" y="${ground - top * h}" width="${width * w}" height="${top * h}" fill="${hue}"/><polygon points="${x * w - 4},${ground - top * h} ${(x + width / 2) * w},${ground - (top + 0.07) * h} ${(x + width) * w + 4},${ground - top * h}" fill="#3d2b2b"/>`).join('')}
  <rect x="${0.465 * w}" y="${ground - 0.66 * h}" width="${0.03 * w}" height="${0.22 * h}" fill="${hue}"/>
  <circle cx="${0.48 * w}" cy="${ground - 0.6 * h}" r="${0.025 * h}" fill="#f8e6b8"/>
  ${windows}
  <rect y="${ground}" width="${w}" height="${h - ground}" fill="#4f7d47"/>
  <path d="M${0.3 * w} ${h} L ${0.48 * w} ${ground} L ${0.52 * w} ${ground} L ${0.7 * w} ${h} Z" fill="#d9cdb4"/>
  ${trees}
</svg>`;
}

/** A flat illustration for promos and posts: a tinted field with a few shapes and a pictogram. */
function tile(w, h, colors, glyph) {
  const [a, b, c] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" fill="${a}"/>
  <circle cx="${w * 0.85}" cy="${h * 0.15}" r="${h * 0.45}" fill="${b}" opacity="0.6"/>
  <circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.35}" fill="${c}" opacity="0.5"/>
  <g transform="translate(${w / 2 - h * 0.22} ${h * 0.28}) scale(${(h * 0.44) / 100})" fill="#ffffff">${glyph}</g>
</svg>`;
}

const glyphs = {
  book: '<path d="M5 15 Q25 5 48 15 V90 Q25 80 5 90 Z"/><path d="M52 15 Q75 5 95 15 V90 Q75 80 52 90 Z"/>',
  heart: '<path d="M50 88 L12 50 A22 22 0 0 1 50 18 A22 22 0 0 1 88 50 Z"/>',
  chart:
    '<rect x="8" y="55" width="18" height="38"/><rect x="36" y="35" width="18" height="58"/><rect x="64" y="12" width="18" height="81"/>',
  ticket: '<path d="M5 25 H95 V42 A8 8 0 0 0 95 58 V75 H5 V58 A8 8 0 0 0 5 42 Z"/>',
  leaf: '<path d="M15 85 Q10 20 85 12 Q85 80 15 85 Z"/>',
  star: '<polygon points="50,5 61,38 96,38 68,58 79,92 50,72 21,92 32,58 4,38 39,38"/>',
  car: '<rect x="5" y="45" width="90" height="30" rx="8"/><path d="M20 45 L32 22 H68 L80 45 Z"/><circle cx="25" cy="78" r="10"/><circle cx="75" cy="78" r="10"/>',
  play: '<circle cx="50" cy="50" r="45" opacity="0.35"/><polygon points="38,28 75,50 38,72"/>',
};

const jobs = [];
const webp = (svg, name, width, quality = 62) =>
  jobs.push(
    sharp(Buffer.from(svg))
      .resize({ width })
      .webp({ quality, effort: 6 })
      .toFile(`${out}/${name}.webp`),
  );

const hero = campus(1600, 600);
webp(hero, 'hero-original', 1600, 55);
webp(hero, 'hero-large', 1200, 58);
webp(hero, 'hero-medium', 800, 62);
webp(hero, 'hero-thumbnail', 350, 70);

const tiles = {
  'promo-benefits': [['#1f4e79', '#3c78b0', '#f0b323'], glyphs.heart],
  'promo-finances': [['#14532d', '#2e8b57', '#f0b323'], glyphs.chart],
  'promo-flu': [['#7a1f3d', '#b8466b', '#f7d1dc'], glyphs.heart],
  'promo-homecoming': [['#5b2a86', '#8e5cc2', '#f0b323'], glyphs.star],
  'promo-parking': [['#374151', '#6b7280', '#f0b323'], glyphs.car],
  'blog-library': [['#1f4e79', '#5a8fc4', '#d9e7f5'], glyphs.book],
  'blog-garden': [['#2f6b3a', '#6fae5f', '#e3f1d6'], glyphs.leaf],
  'blog-tickets': [['#9a3412', '#ea7a3b', '#fde2cf'], glyphs.ticket],
  'video-poster': [['#163a5a', '#1f4e79', '#3c78b0'], glyphs.play],
};
for (const [name, [colors, glyph]] of Object.entries(tiles))
  webp(tile(800, 450, colors, glyph), name, 800);

await Promise.all(jobs);
for (const name of [
  'hero-original',
  'hero-large',
  'hero-medium',
  'hero-thumbnail',
  ...Object.keys(tiles),
]) {
  const size = statSync(`${out}/${name}.webp`).size;
  console.log(name, size);
  if (size > 40_000) throw new Error(`${name} is ${size} bytes, over 40 kB`);
}
