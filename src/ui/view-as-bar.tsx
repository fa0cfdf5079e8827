import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useEffect, useRef, useState } from 'react';
import { useClearOfBar } from './clear-of-bar.js';
import type { ViewingAs } from '../../contract/view-as.schema.js';
import { languageSchema } from '../../contract/language.schema.js';
import { readyViewerI18n, useViewerI18n } from './viewer-i18n.js';
import './view-as-bar.css';

const minutesLeft = (endsAt: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 60_000));

// The bar's words, read in the viewer's language (the same messages, and ids, as the page's).
const VIEWING = msg`Viewing as <0>{name}</0> (read only)`;
const LEFT = msg({ message: '{left, plural, one {# minute left} other {# minutes left}}' });
const SAID = msg`Viewing as {name} (read only). Changes are not saved.`;
const REGION = msg`View as`;
const END = msg`End`;
const END_WHAT = msg`the view as {name}`;

/**
 * Issue 73: "Viewing as Ana Valencia (read only) · 24 minutes left · End", on every page while
 * support views as a student: stuck to the top of the window (no scrolling hides it, nothing closes
 * it), first in keyboard order, its words said once by screen readers (a status filled once after
 * it appears; the minutes left are not re-announced). End posts to the view-as page's end, which
 * returns to it; when the time runs out the page loads again, as the staff member's own. The bar is
 * the viewer's: it speaks their language (`viewer_language`) and is marked with it, while the page
 * around it is the student's, in the student's language.
 */
export default function ViewAsBar({ viewAs, csrf }: { viewAs: ViewingAs; csrf: string }) {
  const viewer = useViewerI18n(viewAs.viewer_language);
  // Drawn by the server too (issue 87): End is a form, sent with the session's token (the request's
  // cookie on the server, the same cookie in the browser), so it works before the scripts and
  // after. Shown once the viewer's words are at hand, so it is said once, in their language.
  return viewer ? <Bar viewAs={viewAs} csrf={csrf} i18n={viewer} /> : null;
}

/** The viewer's words at hand for a bar drawn at once (issue 87); an unknown language, none. */
export async function readyViewer(language: string): Promise<void> {
  const known = languageSchema.safeParse(language);
  if (known.success) await readyViewerI18n(known.data);
}

/**
 * The time the minutes left are counted from: the server's, as it drew the bar (its `data-at`),
 * while the browser takes that bar over, so both say the same; now, for a bar the browser draws.
 */
function drawnAt(): number {
  const at = Number(
    typeof document === 'undefined'
      ? NaN
      : document.querySelector('.view-as-bar[data-at]')?.getAttribute('data-at'),
  );
  return Number.isFinite(at) && at > 0 ? at : Date.now();
}

function Bar({ viewAs, csrf, i18n }: { viewAs: ViewingAs; csrf: string; i18n: I18n }) {
  const box = useRef<HTMLDivElement>(null);
  useClearOfBar(box);
  const [now, setNow] = useState(drawnAt);
  const [said, setSaid] = useState('');
  const left = minutesLeft(viewAs.ends_at, now);
  const name = viewAs.name;
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) window.location.assign('/admin/view-as');
  }, [left]);
  useEffect(() => {
    setSaid(i18n._({ ...SAID, values: { name } }));
  }, [i18n, name]);
  // The name is bold where the translation puts it.
  const [before = '', strong = '', after = ''] = i18n
    ._({ ...VIEWING, values: { name } })
    .split(/<\/?0>/);
  return (
    <div
      ref={box}
      className="view-as-bar"
      role="region"
      aria-label={i18n._(REGION)}
      lang={viewAs.viewer_language}
      data-at={now}
    >
      <form className="view-as-bar__form" method="post" action="/admin/view-as/end">
        <p className="view-as-bar__text">
          {before}
          <strong>{strong}</strong>
          {after}
          <span aria-hidden="true"> · </span>
          <span className="view-as-bar__left">{i18n._({ ...LEFT, values: { left } })}</span>
        </p>
        <input type="hidden" name="csrf" value={csrf} />
        <button type="submit" className="view-as-bar__end">
          {i18n._(END)}{' '}
          <span className="visually-hidden">{i18n._({ ...END_WHAT, values: { name } })}</span>
        </button>
      </form>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </div>
  );
}
