import { THEME_CSS } from '../html/theme-css.js';

/** The admin's stylesheet: external, so the CSP needs no inline style. Works from 320 px up. */
export const adminCss = `${THEME_CSS}
*, *::before, *::after { box-sizing: border-box; }
body.admin { font-family: system-ui, sans-serif; margin: 0; background: var(--canvas); color: var(--ink); line-height: 1.45; }
a { color: var(--link); }
.skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: 0.5rem 1rem; }
.skip:focus { left: 0.5rem; z-index: 1; }
.bar { background: var(--bar); color: #fff; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1.5rem; align-items: baseline; justify-content: space-between; }
.bar p { margin: 0; }
.bar a { color: #fff; }
.brand { font-weight: 700; font-size: 1.1rem; }
nav ul { list-style: none; margin: 0; padding: 0 1rem; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; background: var(--paper); border-bottom: 1px solid var(--line); }
nav a { display: inline-block; padding: 0.6rem 0.25rem; text-decoration: none; font-weight: 600; }
nav a[aria-current="page"] { border-bottom: 3px solid var(--link); }
main { max-width: 72rem; margin: 1rem auto; background: var(--paper); padding: 1rem; border-radius: 8px; }
@media (min-width: 700px) { main { padding: 1.5rem 2rem; margin: 1.5rem auto; } }
h1 { margin: 0 0 1rem; font-size: 1.6rem; }
h2 { font-size: 1.2rem; margin: 1.5rem 0 0.75rem; }
.notice { padding: 0.75rem 1rem; border-radius: 6px; margin: 0 0 1rem; }
.notice h2 { margin: 0 0 0.25rem; font-size: 1rem; }
.notice ul { margin: 0; padding-left: 1.2rem; }
/* A key shown once: it wraps on a phone, and one click selects all of it for copying. */
.notice code[data-new-key] { overflow-wrap: anywhere; user-select: all; }
.done { background: var(--tint-ok); border: 1px solid var(--tint-ok-line); }
.problem { background: var(--tint-problem); border: 1px solid var(--danger); }
.field { margin: 0 0 1rem; display: flex; flex-direction: column; gap: 0.25rem; max-width: 40rem; min-width: 0; }
.field.check { flex-direction: row; align-items: center; gap: 0.5rem; }
.field label, legend { font-weight: 600; }
fieldset.field .choices label { font-weight: 400; }
fieldset.field { border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 1rem; }
.hint { margin: 0; color: var(--muted); font-size: 0.9rem; }
.error { margin: 0; color: var(--danger); font-weight: 600; }
.invalid input, .invalid select, .invalid textarea { border-color: var(--danger); }
input, select, textarea { font: inherit; padding: 0.45rem 0.5rem; border: 1px solid var(--field-line); border-radius: 4px; max-width: 100%; background: var(--paper); color: inherit; }
input[type="checkbox"] { width: 1.2rem; height: 1.2rem; }
textarea { width: 100%; }
.choices { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
.grid { display: grid; gap: 0 1.5rem; max-width: 40rem; }
@media (min-width: 700px) { .grid { grid-template-columns: 1fr 1fr; } }
button, .button { font: inherit; display: inline-block; padding: 0.5rem 1rem; background: var(--button); color: var(--button-ink); border: 1px solid var(--button); border-radius: 4px; cursor: pointer; text-decoration: none; }
button:hover, .button:hover { background: var(--button-hover); }
button.secondary, .button.secondary { background: var(--paper); color: var(--link); }
button.danger { background: var(--danger-button); border-color: var(--danger-button); color: var(--button-ink); }
ul.actions { list-style: none; padding: 0; }
button:disabled { opacity: 0.45; cursor: not-allowed; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin: 1rem 0; }
.filters { display: flex; flex-wrap: wrap; gap: 0 1rem; align-items: flex-end; }
.filters .field { margin-bottom: 0.75rem; min-width: 0; max-width: 100%; }
.ordered > li { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
.ordered .actions { margin: 0; gap: 0.5rem; }
.table-wrap { overflow-x: auto; position: relative; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--canvas); }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
.tag { display: inline-block; padding: 0 0.4rem; border-radius: 4px; font-size: 0.85rem; background: var(--tint-plain); }
.tag.live { background: var(--tint-ok); }
.tag.draft { background: var(--tint-warn); }
.changes { margin: 0; padding-left: 1rem; font-size: 0.9rem; overflow-wrap: anywhere; }
.inline { display: inline; }
.choice-list { list-style: none; margin: 0; padding: 0; }
.choice-list > li { border-bottom: 1px solid var(--line); padding: 0.5rem 0; }
@media (max-width: 699px) {
  table.stack, .stack caption, .stack tbody, .stack tr, .stack td { display: block; width: 100%; }
  .stack thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .stack tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 0.75rem; padding: 0.25rem 0; }
  .stack td { border: 0; padding: 0.2rem 0.75rem; }
  .stack td[data-label]:not([data-label=""])::before { content: attr(data-label); display: block; font-size: 0.8rem; font-weight: 600; color: var(--muted); }
}
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
dl.headers { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; margin: 0 0 1rem; }
dl.headers div { display: grid; grid-template-columns: minmax(0, 1fr); }
@media (min-width: 700px) { dl.headers div { grid-template-columns: 12rem minmax(0, 1fr); gap: 1rem; } }
dl.headers dt { font-weight: 600; }
dl.headers dd { margin: 0; overflow-wrap: anywhere; }
.field-change pre, .changes pre { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--canvas); border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem 0.75rem; font-size: 0.9rem; }
.changes li { overflow-wrap: anywhere; }
nav.pages { display: flex; gap: 1.5rem; margin: 1rem 0 0; }
pre.email-text { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--canvas); border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; font-size: 0.9rem; }
ul.plain { list-style: none; margin: 0; padding: 0; }
ul.legend { list-style: none; margin: 0 0 1rem; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1.25rem; }
ul.legend li { display: flex; align-items: center; gap: 0.4rem; }
ul.charts { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem 1.5rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr)); }
.chart-card { border: 1px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; min-width: 0; }
.chart-card h3 { margin: 0 0 0.25rem; font-size: 1rem; overflow-wrap: anywhere; }
svg.chart { display: block; width: 100%; height: auto; margin: 0.5rem 0; }
svg.swatch { flex: none; }
details > summary { cursor: pointer; padding: 0.25rem 0; }
`;
