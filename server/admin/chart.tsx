import type { ReactNode } from 'react';

/**
 * How a series is drawn: a fill and a pattern over it, so no series is told apart by colour alone
 * (each colour holds 3:1 or more against the white page and against its pattern's lines).
 */
export type Swatch = 'solid' | 'diagonal' | 'crosshatch' | 'dots';

export interface Series<K extends string> {
  key: K;
  label: string;
  swatch: Swatch;
}

export interface BarPoint<K extends string> {
  label: string;
  values: Record<K, number>;
}

const W = 440;
const H = 220;
const M = { top: 14, right: 8, bottom: 32, left: 40 };
/** The page's text colour, so the labels and outlines follow the theme (admin-css.ts). */
const INK = 'currentColor';
const GRID = '#c4c7cc';

/** Fills of the four swatches: dark green, slate, dark red, and white with grey lines. */
const LOOK: Record<Swatch, { fill: string; ink: string }> = {
  solid: { fill: '#1e6b34', ink: '#1e6b34' },
  diagonal: { fill: '#ffffff', ink: '#3d4a5c' },
  crosshatch: { fill: '#b3261e', ink: '#ffffff' },
  dots: { fill: '#ffffff', ink: '#6b6f76' },
};

/** The `<pattern>` of a swatch, `id` unique in the page. */
function Pattern({ id, swatch }: { id: string; swatch: Swatch }) {
  const { fill, ink } = LOOK[swatch];
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse">
      <rect width="6" height="6" fill={fill} />
      {swatch === 'diagonal' ? (
        <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke={ink} strokeWidth="1.5" />
      ) : null}
      {swatch === 'crosshatch' ? (
        <path d="M0,0 L6,6 M6,0 L0,6" stroke={ink} strokeWidth="1" />
      ) : null}
      {swatch === 'dots' ? <circle cx="3" cy="3" r="1.2" fill={ink} /> : null}
    </pattern>
  );
}

const fillOf = (id: string, swatch: Swatch) =>
  swatch === 'solid' ? LOOK.solid.fill : `url(#${id})`;

/** A small square of a series' swatch, for a legend in HTML beside the charts. */
export function SwatchIcon({ id, swatch }: { id: string; swatch: Swatch }) {
  return (
    <svg
      className="swatch"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <Pattern id={id} swatch={swatch} />
      </defs>
      <rect x="0.5" y="0.5" width="15" height="15" fill={fillOf(id, swatch)} stroke={INK} />
    </svg>
  );
}

/** A round, readable top for the value axis: 1, 2, 5 or 10 times a power of ten. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((s) => s * power >= value) ?? 10;
  return step * power;
}

/**
 * A stacked bar chart drawn on the server as SVG, with no script: one bar per point, its series
 * stacked in the order given, a value axis from zero, and the name and a summary for assistive
 * technology (`<title>`, `<desc>`; the page adds the numbers as a table). `id` is unique in the page.
 */
export function StackedBars<K extends string>(props: {
  id: string;
  title: string;
  desc: string;
  series: ReadonlyArray<Series<K>>;
  points: ReadonlyArray<BarPoint<K>>;
}): ReactNode {
  const { id, title, desc, series, points } = props;
  const totals = points.map((p) => series.reduce((sum, s) => sum + p.values[s.key], 0));
  const top = niceMax(Math.max(0, ...totals));
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (v: number) => M.top + plotH - (v / top) * plotH;
  const slot = plotW / Math.max(1, points.length);
  const barW = Math.max(2, Math.min(28, slot * 0.7));
  const every = Math.ceil(points.length / 8);
  const ticks = [0, top / 2, top].filter(
    (t, i, all) => Number.isInteger(t) && all.indexOf(t) === i,
  );
  const patternId = (s: Series<K>) => `${id}-${s.key}`;

  return (
    <svg
      className="chart"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      focusable="false"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      <defs>
        {series
          .filter((s) => s.swatch !== 'solid')
          .map((s) => (
            <Pattern key={s.key} id={patternId(s)} swatch={s.swatch} />
          ))}
      </defs>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke={GRID} strokeWidth="1" />
          <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fontSize="14" fill={INK}>
            {t}
          </text>
        </g>
      ))}
      {points.map((p, i) => {
        const x = M.left + i * slot + (slot - barW) / 2;
        let base = 0;
        return (
          <g key={p.label}>
            {series.map((s) => {
              const v = p.values[s.key];
              if (v <= 0) return null;
              const rect = (
                <rect
                  key={s.key}
                  x={x}
                  y={y(base + v)}
                  width={barW}
                  height={y(base) - y(base + v)}
                  fill={fillOf(patternId(s), s.swatch)}
                  stroke={INK}
                  strokeWidth="0.75"
                />
              );
              base += v;
              return rect;
            })}
            {(points.length - 1 - i) % every === 0 ? (
              <text
                x={x + barW / 2}
                y={H - M.bottom + 16}
                textAnchor="middle"
                fontSize="14"
                fill={INK}
              >
                {p.label}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={M.left} x2={W - M.right} y1={y(0)} y2={y(0)} stroke={INK} strokeWidth="1" />
    </svg>
  );
}
