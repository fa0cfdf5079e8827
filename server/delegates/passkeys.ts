import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import {
  PASSKEY_ALGORITHMS,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_TRANSPORTS,
  type PasskeyRegistrationBody,
  type PasskeySignInBody,
} from '../../contract/delegate-passkeys.schema.js';
import type { Repositories } from '../db/repositories.js';
import { startDelegateSession } from './sign-in.js';

/**
 * Delegates' passkeys (issue 73), through `@simplewebauthn/server`: a signed-in delegate adds a
 * passkey (registration), anyone signs in with one (authentication, a discoverable credential: no
 * email asked). Each ceremony's challenge is kept server-side for PASSKEY_CHALLENGE_MINUTES and used
 * once, before the answer is checked; a registration's is bound to the delegate who asked. A passkey
 * only proves who the delegate is: the session starts only while a grant of theirs is active, as for
 * an emailed link.
 */

/** The relying party: its id is the public origin's host name, its origin the public origin. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export const relyingPartyOf = (publicOrigin: string, productName: string): RelyingParty => {
  const url = new URL(publicOrigin);
  return { id: url.hostname, name: productName, origin: url.origin };
};

type Repos = Pick<Repositories, 'delegatePasskeys' | 'delegations' | 'delegateTokens' | 'audit'>;

/** Why a ceremony's answer was refused (the routes say each in the reader's language). */
export type PasskeyRefusal =
  'challenge' | 'malformed' | 'unverified' | 'unknown' | 'duplicate' | 'noGrant';

const clientDataSchema = z.object({ challenge: z.string().min(1).max(512) });

/** The challenge the browser signed, read from its client data; undefined when unreadable. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const parsed = clientDataSchema.safeParse(decodeClientDataJSON(clientDataJSON));
    return parsed.success ? parsed.data.challenge : undefined;
  } catch {
    return undefined;
  }
}

type Transport = (typeof PASSKEY_TRANSPORTS)[number];
/** Whether a stored or reported transport is one WebAuthn names. */
export const isTransport = (t: string): t is Transport =>
  (PASSKEY_TRANSPORTS as readonly string[]).includes(t);
/** The transports WebAuthn names among `list`, each once (issue 87: bounded by their kinds). */
export const transportsOf = (list: readonly string[]): Transport[] => [
  ...new Set(list.filter(isTransport)),
];

const challengeExpiry = (now: Date) =>
  new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60 * 1000);

/** The registration ceremony's options for a signed-in delegate; its challenge is stored. */
export async function registrationOptions(
  repos: Repos,
  party: RelyingParty,
  delegate: { id: number; name: string; email: string },
  now: Date,
) {
  const existing = await repos.delegatePasskeys.ofDelegate(delegate.id);
  const options = await generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: delegate.email,
    userDisplayName: delegate.name,
    // The delegate's number: no address or name inside the authenticator's user handle.
    userID: new TextEncoder().encode(`delegate-${delegate.id}`),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60 * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: transportsOf(p.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  await repos.delegatePasskeys.issueChallenge(
    options.challenge,
    'register',
    delegate.id,
    challengeExpiry(now),
  );
  return options;
}

/** Checks a registration answer and stores the passkey: its id, or why it was refused. */
export async function register(
  repos: Repos,
  party: RelyingParty,
  delegateId: number,
  body: PasskeyRegistrationBody,
  now: Date,
): Promise<{ id: number } | { refused: PasskeyRefusal }> {
  const challenge = signedChallenge(body.response.clientDataJSON);
  if (challenge === undefined) return { refused: 'malformed' };
  if (!(await repos.delegatePasskeys.useChallenge(challenge, 'register', delegateId, now)))
    return { refused: 'challenge' };
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: body,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    });
    info = verification.verified ? verification.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) return { refused: 'unverified' };
  const { credential } = info;
  if (await repos.delegatePasskeys.byCredentialId(credential.id)) return { refused: 'duplicate' };
  const id = await repos.delegatePasskeys.add(
    {
      delegateId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: transportsOf(credential.transports ?? body.response.transports ?? []),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    },
    now,
  );
  return { id };
}

/** The authentication ceremony's options (any delegate's passkey); its challenge is stored. */
export async function signInOptions(repos: Repos, party: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({
    rpID: party.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60 * 1000,
  });
  await repos.delegatePasskeys.issueChallenge(
    options.challenge,
    'sign-in',
    null,
    challengeExpiry(now),
  );
  return options;
}

/** Checks a sign-in answer: a new delegate session's id, or why it was refused. */
export async function signInWithPasskey(
  repos: Repos,
  party: RelyingParty,
  body: PasskeySignInBody,
  now: Date,
): Promise<{ sessionId: string } | { refused: PasskeyRefusal }> {
  const challenge = signedChallenge(body.response.clientDataJSON);
  if (challenge === undefined) return { refused: 'malformed' };
  if (!(await repos.delegatePasskeys.useChallenge(challenge, 'sign-in', null, now)))
    return { refused: 'challenge' };
  const passkey = await repos.delegatePasskeys.byCredentialId(body.id);
  if (!passkey) return { refused: 'unknown' };
  let newCounter: number | undefined;
  try {
    const verification = await verifyAuthenticationResponse({
      response: body,
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: true,
    });
    newCounter = verification.verified ? verification.authenticationInfo.newCounter : undefined;
  } catch {
    newCounter = undefined;
  }
  if (newCounter === undefined) return { refused: 'unverified' };
  await repos.delegatePasskeys.used(passkey.id, newCounter, now);
  const sessionId = await startDelegateSession(repos, passkey.delegateId, now);
  return sessionId ? { sessionId } : { refused: 'noGrant' };
}
