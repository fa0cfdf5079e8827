import { personaLabel, personaRole } from './persona-names.js';
import type { Language } from '../../../contract/language.schema.js';
import type { I18n } from '@lingui/core';
import { renderPage } from '../../html/page.js';
import { translator } from '../../i18n/catalogue.js';
import { THEME_CSS } from '../../html/theme-css.js';
import type { Persona } from '../../sis/personas.js';
import { SHARED_FIELD, TICKED } from './shared-computer.js';

/** Both sign-in pages' heading: "Sign in to <portal>". */
function SignInHeading({ i18n, productName }: { i18n: I18n; productName: string }) {
  return (
    <h1>
      {i18n._({
        id: 'sign-in.heading',
        message: 'Sign in to {product}',
        values: { product: productName },
      })}
    </h1>
  );
}

/** "This is a shared computer", and what it does, in every sign-in form (issue 56). */
function SharedComputer({ i18n }: { i18n: I18n }) {
  return (
    <p className="shared">
      <label>
        <input type="checkbox" name={SHARED_FIELD} value={TICKED} />
        {i18n._({ id: 'sign-in.shared', message: 'This is a shared computer' })}
      </label>
      <span className="hint">
        {i18n._({
          id: 'sign-in.shared-hint',
          message: 'Nothing of yours is kept on this device for use offline.',
        })}
      </span>
    </p>
  );
}

/**
 * The demo sign-in page: one form, a button per persona (the button pressed names who), and the
 * shared-computer box the form posts with it.
 */
export function renderSignInPage(options: {
  personas: readonly Persona[];
  next: string;
  csrf: string;
  productName: string;
  theme: 'light' | 'dark' | undefined;
  /** The reader's language (Accept-Language before sign-in, issue 59). */
  language: Language;
}): string {
  const i18n = translator(options.language);
  return renderPage({
    title: i18n._({ id: 'sign-in.title', message: 'Sign in' }),
    productName: options.productName,
    theme: options.theme,
    language: options.language,
    body: (
      <>
        <SignInHeading i18n={i18n} productName={options.productName} />
        <p>
          {i18n._({
            id: 'sign-in.demo',
            message: 'Demo sign-in: choose a person to continue as. No password is needed.',
          })}
        </p>
        <form method="post" action="/auth/demo-sign-in">
          <input type="hidden" name="next" value={options.next} />
          <input type="hidden" name="csrf" value={options.csrf} />
          <SharedComputer i18n={i18n} />
          <ul className="personas">
            {options.personas.map((p) => (
              <li key={p.id}>
                <button type="submit" name="persona" value={p.id}>
                  {i18n._({
                    id: 'sign-in.as',
                    message: 'Sign in as {person}',
                    values: { person: personaLabel(i18n, p.id, p.label) },
                  })}
                </button>
                <span className="who">
                  {`${p.first_name} ${p.last_name} · ${personaRole(i18n, p.primary_role)}`}
                </span>
              </li>
            ))}
          </ul>
        </form>
      </>
    ),
  });
}

/**
 * The page before a provider's sign-in (OpenID Connect, SAML), at `/auth/sign-in`: the
 * shared-computer box, then on to the university's sign-in (`/auth/login`, which goes there).
 */
export function renderProviderSignInPage(options: {
  next: string;
  productName: string;
  theme: 'light' | 'dark' | undefined;
  /** The reader's language (Accept-Language before sign-in, issue 59). */
  language: Language;
}): string {
  const i18n = translator(options.language);
  return renderPage({
    title: i18n._({ id: 'sign-in.title', message: 'Sign in' }),
    productName: options.productName,
    theme: options.theme,
    language: options.language,
    body: (
      <>
        <SignInHeading i18n={i18n} productName={options.productName} />
        <form method="get" action="/auth/login" className="provider">
          <input type="hidden" name="next" value={options.next} />
          <SharedComputer i18n={i18n} />
          <button type="submit">
            {i18n._({ id: 'sign-in.continue', message: 'Continue to sign in' })}
          </button>
        </form>
      </>
    ),
  });
}

export const signInCss = `${THEME_CSS}
body { font-family: system-ui, sans-serif; margin: 0; background: var(--canvas); color: var(--ink); }
main { max-width: 40rem; margin: 3rem auto; background: var(--paper); padding: 2rem; border-radius: 8px; }
@media (max-width: 40rem) { main { margin: 1rem; padding: 1.25rem; } }
h1 { margin-top: 0; font-size: 1.6rem; overflow-wrap: break-word; }
a { color: var(--link); }
.personas { list-style: none; padding: 0; display: grid; gap: 0.75rem; }
.personas li { display: grid; grid-template-columns: 18rem minmax(0, 1fr); align-items: center; gap: 0.25rem 1rem; }
@media (max-width: 40rem) { .personas li { grid-template-columns: minmax(0, 1fr); } }
.shared { display: grid; gap: 0.25rem; margin: 1rem 0; }
.shared label { display: flex; align-items: center; gap: 0.5rem; font-weight: 600; }
.shared input { width: 1.25rem; height: 1.25rem; margin: 0; accent-color: var(--button); }
.hint { color: var(--muted); }
.field { display: grid; gap: 0.25rem; margin: 1rem 0; }
.field label { font-weight: 600; }
.field input { font: inherit; padding: 0.5rem; border: 1px solid var(--muted); border-radius: 4px; background: var(--paper); color: var(--ink); min-width: 0; }
button { font: inherit; padding: 0.5rem 1rem; background: var(--button); color: var(--button-ink); border: 0; border-radius: 4px; cursor: pointer; width: 100%; text-align: left; }
.provider button { width: auto; }
.delegate button { width: auto; }
.delegate form { margin: 1rem 0; }
.passkeys { padding-left: 1.25rem; }
.passkeys li { margin: 0.5rem 0; overflow-wrap: anywhere; }
.passkeys form { display: inline; margin: 0 0 0 0.5rem; }
.passkeys button { padding: 0.25rem 0.75rem; }
.passkey-status:empty { display: none; }
button:hover { background: var(--button-hover); }
.who { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.25rem 0.5rem; border-bottom: 1px solid var(--line); }
`;
