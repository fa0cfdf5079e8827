import {
  WebAuthnAbortService,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import {
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySignedInSchema,
} from '../../contract/delegate-passkeys.schema';
import { errorSchema } from '../../contract/error.schema';

/**
 * The delegate pages' passkeys (issue 73), loaded by those server-rendered pages alone and built apart
 * from the apps (vite.delegate-passkeys.config.ts): "Add a passkey" runs the registration ceremony,
 * "Sign in with a passkey" the authentication ceremony, each between the server's options and its
 * check (server/routes/delegate/passkeys.routes.ts). Every answer is parsed with its contract schema;
 * what goes wrong is said in the section's status line, in the page's language (the server's words,
 * or the section's `data-cancelled` and `data-failed`).
 */

const BASE = '/auth/delegate/passkeys';

/** A POST to this origin, JSON in and out. */
const post = (url: string, body?: unknown) =>
  fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A refusal's `{detail}`, or the section's "could not be reached" words. */
async function detailOf(answer: Response, failed: string): Promise<string> {
  const parsed = errorSchema.safeParse(await answer.json().catch(() => null));
  return parsed.success ? parsed.data.detail : failed;
}

/** Wires one section: its button runs `ceremony`, whose failures the status line says. */
function wire(
  section: HTMLElement,
  button: HTMLButtonElement,
  ceremony: () => Promise<string | undefined>,
) {
  const status = section.querySelector<HTMLElement>('#passkey-status');
  const failed = section.dataset['failed'] ?? '';
  button.addEventListener('click', () => {
    if (status) status.textContent = '';
    button.disabled = true;
    ceremony()
      .catch(() => failed)
      .then((problem) => {
        button.disabled = false;
        if (problem !== undefined && status) status.textContent = problem;
      })
      .catch(() => undefined);
  });
}

/** The browser's own ceremony; a cancelled or timed-out one says so. */
async function ceremonyOf<T>(run: () => Promise<T>, cancelled: string) {
  try {
    return { done: await run() };
  } catch {
    WebAuthnAbortService.cancelCeremony();
    return { problem: cancelled };
  }
}

function addPasskey(section: HTMLElement, button: HTMLButtonElement) {
  const failed = section.dataset['failed'] ?? '';
  const cancelled = section.dataset['cancelled'] ?? '';
  wire(section, button, async () => {
    const asked = await post(`${BASE}/register/options`);
    if (!asked.ok) return detailOf(asked, failed);
    const optionsJSON = passkeyCreationOptionsSchema.parse(await asked.json());
    const made = await ceremonyOf(() => startRegistration({ optionsJSON }), cancelled);
    if (!('done' in made)) return made.problem;
    const saved = await post(`${BASE}/register`, made.done);
    if (!saved.ok) return detailOf(saved, failed);
    passkeySchema.parse(await saved.json());
    window.location.assign('/auth/delegate?passkey=added');
    return undefined;
  });
}

function signIn(section: HTMLElement, button: HTMLButtonElement) {
  const failed = section.dataset['failed'] ?? '';
  const cancelled = section.dataset['cancelled'] ?? '';
  wire(section, button, async () => {
    const asked = await post(`${BASE}/sign-in/options`);
    if (!asked.ok) return detailOf(asked, failed);
    const optionsJSON = passkeyRequestOptionsSchema.parse(await asked.json());
    const used = await ceremonyOf(() => startAuthentication({ optionsJSON }), cancelled);
    if (!('done' in used)) return used.problem;
    const checked = await post(`${BASE}/sign-in`, used.done);
    if (!checked.ok) return detailOf(checked, failed);
    window.location.assign(passkeySignedInSchema.parse(await checked.json()).next);
    return undefined;
  });
}

if (browserSupportsWebAuthn()) {
  const adding = document.getElementById('passkeys-section');
  const addButton = document.getElementById('passkey-add');
  const addPart = document.getElementById('passkey-add-part');
  if (adding && addPart && addButton instanceof HTMLButtonElement) {
    addPart.hidden = false;
    addPasskey(adding, addButton);
  }
  const signingIn = document.getElementById('passkey-sign-in-section');
  const signInButton = document.getElementById('passkey-sign-in-button');
  if (signingIn && signInButton instanceof HTMLButtonElement) {
    signingIn.hidden = false;
    signIn(signingIn, signInButton);
  }
}
