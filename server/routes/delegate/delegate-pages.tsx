import type { I18n } from '@lingui/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import type { DelegateCategory } from '../../../contract/delegates.schema.js';
import type { Language } from '../../../contract/language.schema.js';
import { renderPage } from '../../html/page.js';
import { themeOf } from '../../html/theme.js';
import type { DelegatePasskey } from '../../db/repositories/delegate-passkeys.repository.js';
import { categoryList, grantDay } from '../../delegates/words.js';

/**
 * The delegate's pages are pages: their stylesheet, their own scripts (the theme's, the passkeys'),
 * calls to this origin and their own forms may load, nothing else.
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'";

/** The passkey ceremonies' script (src/delegate/passkeys.ts, built apart from the apps). */
export const PASSKEY_SCRIPT_PATH = '/delegate-passkeys.js';

/** Sends a delegate's page: no caching, the page's CSP, its language. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: {
    language: Language;
    productName: string;
    title: string;
    body: ReactNode;
    status?: number;
  },
) {
  return reply
    .code(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_CSP)
    .header('content-language', page.language)
    .send(
      renderPage({
        title: page.title,
        productName: page.productName,
        // The delegate pages' own look: buttons their text's width (the stylesheet's are full width).
        body: (
          <div className="delegate">
            <h1>{page.title}</h1>
            {page.body}
          </div>
        ),
        theme: themeOf(request),
        language: page.language,
      }),
    );
}

/** One button posting a link's token: opening a link changes nothing (mail scanners open links). */
export const TokenForm = (props: { action: string; token: string; button: string }) => (
  <form method="post" action={props.action}>
    <input type="hidden" name="token" value={props.token} />
    <button type="submit">{props.button}</button>
  </form>
);

/** The form that asks for a sign-in link by email. */
export function LinkForm(props: { i18n: I18n }) {
  const { i18n } = props;
  return (
    <form method="post" action="/auth/delegate/link">
      <p className="field">
        <label htmlFor="delegate-email">
          {i18n._({ id: 'delegates.page.email', message: 'Your email address' })}
        </label>
        <input id="delegate-email" name="email" type="email" autoComplete="email" required />
      </p>
      <button type="submit">
        {i18n._({ id: 'delegates.page.send-link', message: 'Email me a sign-in link' })}
      </button>
    </form>
  );
}

/**
 * The line on every page a delegate reads: "Ana Valencia shared Finances and holds with you until
 * 31 May 2027".
 */
export function sharedLine(
  i18n: I18n,
  language: Language,
  share: { student: string; categories: readonly DelegateCategory[]; endsAt: Date; zone: string },
) {
  return i18n._({
    id: 'delegates.shared-line',
    message: '{student} shared {categories} with you until {until}',
    values: {
      student: share.student,
      categories: categoryList(i18n, share.categories),
      until: grantDay(share.endsAt, language, share.zone),
    },
  });
}

/** The words the passkeys' script says in the page's language, carried by the section. */
function scriptWords(i18n: I18n) {
  return {
    'data-cancelled': i18n._({
      id: 'delegates.passkey.cancelled',
      message: 'No passkey was used: the request was cancelled or timed out. Try again.',
    }),
    'data-failed': i18n._({
      id: 'delegates.passkey.failed',
      message: 'The portal could not be reached. Check your connection and try again.',
    }),
  };
}

/**
 * "Sign in with a passkey" on the signed-out page: shown by the script where the browser has
 * passkeys (WebAuthn); without it, the emailed link alone.
 */
export function PasskeySignIn(props: { i18n: I18n }) {
  const { i18n } = props;
  return (
    <section
      aria-labelledby="passkey-sign-in"
      id="passkey-sign-in-section"
      hidden
      {...scriptWords(i18n)}
    >
      <h2 id="passkey-sign-in">
        {i18n._({ id: 'delegates.passkey.sign-in.heading', message: 'Or use a passkey' })}
      </h2>
      <p>
        {i18n._({
          id: 'delegates.passkey.sign-in.explain',
          message: 'If you added a passkey, sign in with this device’s screen lock instead.',
        })}
      </p>
      <button type="button" id="passkey-sign-in-button">
        {i18n._({ id: 'delegates.passkey.sign-in', message: 'Sign in with a passkey' })}
      </button>
      <p role="status" id="passkey-status" className="passkey-status" />
      <script type="module" src={PASSKEY_SCRIPT_PATH} />
    </section>
  );
}

/** The signed-in delegate's passkeys: each with its dates and Remove, and "Add a passkey". */
export function Passkeys(props: {
  i18n: I18n;
  language: Language;
  zone: string;
  passkeys: readonly DelegatePasskey[];
  said: 'added' | 'removed' | undefined;
}) {
  const { i18n, language, zone, passkeys, said } = props;
  const day = (iso: string) => grantDay(new Date(iso), language, zone);
  return (
    <section aria-labelledby="passkeys" id="passkeys-section" {...scriptWords(i18n)}>
      <h2 id="passkeys">{i18n._({ id: 'delegates.passkey.heading', message: 'Passkeys' })}</h2>
      <p>
        {i18n._({
          id: 'delegates.passkey.explain',
          message:
            'With a passkey you sign in with this device’s screen lock, fingerprint or face, without waiting for an email.',
        })}
      </p>
      <p role="status" id="passkey-status" className="passkey-status">
        {said === 'added'
          ? i18n._({ id: 'delegates.passkey.added', message: 'Passkey added.' })
          : said === 'removed'
            ? i18n._({ id: 'delegates.passkey.removed', message: 'Passkey removed.' })
            : null}
      </p>
      {passkeys.length === 0 ? (
        <p>{i18n._({ id: 'delegates.passkey.none', message: 'You have no passkey yet.' })}</p>
      ) : (
        <ul className="passkeys">
          {passkeys.map((p, index) => (
            <li key={p.id}>
              <span id={`passkey-${p.id}`}>
                {i18n._({
                  id: 'delegates.passkey.item',
                  message: 'Passkey {number}, added {added}',
                  values: { number: index + 1, added: day(p.createdAt) },
                })}
                {' · '}
                {p.lastUsedAt
                  ? i18n._({
                      id: 'delegates.passkey.last-used',
                      message: 'last used {day}',
                      values: { day: day(p.lastUsedAt) },
                    })
                  : i18n._({ id: 'delegates.passkey.never-used', message: 'not used yet' })}
              </span>
              <form method="post" action={`/auth/delegate/passkeys/${p.id}/remove`}>
                <button type="submit" aria-describedby={`passkey-${p.id}`}>
                  {i18n._({ id: 'delegates.passkey.remove', message: 'Remove' })}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <p id="passkey-add-part" hidden>
        <button type="button" id="passkey-add">
          {i18n._({ id: 'delegates.passkey.add', message: 'Add a passkey' })}
        </button>
      </p>
      <script type="module" src={PASSKEY_SCRIPT_PATH} />
    </section>
  );
}

/** The other students' shares a delegate may switch to, each with its line and a View button. */
export function OtherShares<Share extends { delegation: number; student_name: string }>(props: {
  i18n: I18n;
  /** A record is shown above: these are the others. */
  viewing: boolean;
  shares: readonly Share[];
  line: (share: Share) => string;
}) {
  const { i18n } = props;
  return (
    <section aria-labelledby="shared-choose">
      <h2 id="shared-choose">
        {props.viewing
          ? i18n._({ id: 'delegates.page.others', message: 'Also shared with you' })
          : i18n._({ id: 'delegates.page.choose', message: 'Whose record to view' })}
      </h2>
      <ul>
        {props.shares.map((share) => (
          <li key={share.delegation}>
            <p>{props.line(share)}</p>
            <form method="post" action="/auth/delegate/view">
              <input type="hidden" name="delegation" value={share.delegation} />
              <button type="submit">
                {i18n._({
                  id: 'delegates.page.view',
                  message: 'View {student}',
                  values: { student: share.student_name },
                })}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
