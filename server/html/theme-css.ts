/**
 * The colours of the server-rendered pages (sign-in, log out, unsubscribe, sign-in problems, the
 * admin), the portal's (src/ui/styles/theme.css) in both themes: each holds light-dark(light,
 * dark). The device's setting applies unless the person chose one: `data-theme` on <html>, which the
 * server writes from the theme cookie (html/theme.ts), only sets the colour scheme. The focus ring
 * has two colours, a dark ring and a light halo (swapped in dark), so it stands out on any
 * background.
 */
export const THEME_CSS = `
:root {
  color-scheme: light dark;
  --ink: light-dark(#1b1d21, #e8eaed);
  --muted: light-dark(#44474d, #b7bdc6);
  --paper: light-dark(#ffffff, #1d2129);
  --canvas: light-dark(#f4f5f7, #121419);
  --line: light-dark(#d8dbe0, #3b424e);
  --field-line: light-dark(#767a82, #8a919c);
  --link: light-dark(#1f4e79, #9ccaf5);
  --button: light-dark(#1f4e79, #9ccaf5);
  --button-ink: light-dark(#ffffff, #10161d);
  --button-hover: light-dark(#163a5a, #c6dcf2);
  --bar: #1f4e79;
  --danger: light-dark(#b3261e, #ff9d9a);
  --danger-button: light-dark(#b3261e, #ffb4ab);
  --tint-ok: light-dark(#e6f4ea, #17301f);
  --tint-ok-line: light-dark(#1e7b34, #5fbf78);
  --tint-problem: light-dark(#fdecea, #3d1a19);
  --tint-warn: light-dark(#fff4ce, #3a2f12);
  --tint-plain: light-dark(#e8eaed, #2b313b);
  --focus-ring: light-dark(#0b1f33, #ffffff);
  --focus-halo: light-dark(#ffffff, #0b1f33);
}
html[data-theme='light'] { color-scheme: light; }
html[data-theme='dark'] { color-scheme: dark; }
:focus-visible { outline: 3px solid var(--focus-ring); outline-offset: 0; box-shadow: 0 0 0 6px var(--focus-halo); }
`;
