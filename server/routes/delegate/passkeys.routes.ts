import formbody from '@fastify/formbody';
import { HOME, landingOf, setDelegateCookies } from './delegate-http.js';
import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyParamsSchema,
  passkeyRegistrationBodySchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeySignedInSchema,
} from '../../../contract/delegate-passkeys.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  type PasskeyRefusal,
  transportsOf,
  register,
  registrationOptions,
  relyingPartyOf,
  signInOptions,
  signInWithPasskey,
} from '../../delegates/passkeys.js';
import { delegateAccess } from '../../delegates/sign-in.js';
import { translator } from '../../i18n/catalogue.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { delegateSessionOf } from '../../delegates/tokens.js';
import { isSameOrigin } from '../../plugins/same-origin.js';
import { UNAUTHENTICATED } from '../../plugins/session-tokens.js';

const PASSKEYS = `${HOME}/passkeys`;
const CSRF_DETAIL = 'CSRF check failed: reload the page and try again.';
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** A refusal's words in the reader's language, and its status. */
function refusal(i18n: I18n, why: PasskeyRefusal): { status: 400 | 403 | 409; detail: string } {
  switch (why) {
    case 'challenge':
      return {
        status: 400,
        detail: i18n._({
          id: 'delegates.passkey.refused.challenge',
          message:
            'This passkey request expired or was already used. Try again: each request works once, for 2 minutes.',
        }),
      };
    case 'malformed':
      return {
        status: 400,
        detail: i18n._({
          id: 'delegates.passkey.refused.malformed',
          message: 'The browser’s passkey answer could not be read. Try again.',
        }),
      };
    case 'unverified':
      return {
        status: 400,
        detail: i18n._({
          id: 'delegates.passkey.refused.unverified',
          message: 'The passkey’s answer could not be verified. Try again, or sign in by email.',
        }),
      };
    case 'unknown':
      return {
        status: 400,
        detail: i18n._({
          id: 'delegates.passkey.refused.unknown',
          message:
            'This passkey is not known here: it was removed, or it belongs to another site. Sign in by email.',
        }),
      };
    case 'duplicate':
      return {
        status: 409,
        detail: i18n._({
          id: 'delegates.passkey.refused.duplicate',
          message: 'This passkey is already added.',
        }),
      };
    case 'noGrant':
      return {
        status: 403,
        detail: i18n._({
          id: 'delegates.passkey.refused.no-grant',
          message:
            'Nobody shares their record with you at this time: the student stopped sharing, or it ended.',
        }),
      };
  }
}

/**
 * Delegates' passkeys (issue 73): a signed-in delegate adds a passkey (the registration ceremony) and
 * lists or removes theirs; anyone signs in with one (the authentication ceremony) while a grant of
 * theirs is active. The relying party is the public origin (PUBLIC_ORIGIN): its host is the RP ID.
 * Every call is same-origin only; the ceremonies' challenges are kept server-side and used once
 * (delegates/passkeys.ts). The delegate pages' script (src/delegate/passkeys.ts) calls these.
 */
export default async function delegatePasskeyRoutes(app: FastifyInstance) {
  // Remove is a form on the page (no script needed), posted url-encoded.
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const party = relyingPartyOf(app.config.publicOrigin, app.config.campus.productName);
  const secure = app.config.nodeEnv === 'production';

  /** The signed-in delegate's access, or the answer already sent (403 cross-site, 401 signed out). */
  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    if (!isSameOrigin(request)) {
      await reply.code(403).send({ detail: CSRF_DETAIL });
      return undefined;
    }
    const sessionId = delegateSessionOf(request);
    const access = sessionId
      ? await delegateAccess(app.repositories, sessionId, app.clock())
      : undefined;
    if (!access) {
      await reply.code(401).send(UNAUTHENTICATED);
      return undefined;
    }
    return access;
  }

  r.get(
    PASSKEYS,
    {
      config: { access: 'public' },
      schema: {
        summary: "The signed-in delegate's passkeys",
        response: { 200: passkeyListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const access = await signedIn(request, reply);
      if (!access) return reply;
      const passkeys = await app.repositories.delegatePasskeys.ofDelegate(access.delegateId);
      return reply
        .header('cache-control', 'no-store')
        .send(
          passkeys.map((p) => ({ id: p.id, created_at: p.createdAt, last_used_at: p.lastUsedAt })),
        );
    },
  );

  r.post(
    `${PASSKEYS}/register/options`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start adding a passkey: the registration ceremony’s options (2 minutes, once)',
        response: { 200: passkeyCreationOptionsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const access = await signedIn(request, reply);
      if (!access) return reply;
      const delegate = await app.repositories.delegations.delegate(access.delegateId);
      if (!delegate) return reply.code(401).send(UNAUTHENTICATED);
      const options = await registrationOptions(app.repositories, party, delegate, app.clock());
      return reply.header('cache-control', 'no-store').send({
        ...options,
        rp: { name: party.name, id: party.id },
        excludeCredentials: options.excludeCredentials?.map((c) => ({
          id: c.id,
          type: 'public-key' as const,
          transports: c.transports && transportsOf(c.transports),
        })),
      });
    },
  );

  r.post(
    `${PASSKEYS}/register`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Add a passkey: the browser’s answer to the registration ceremony',
        body: passkeyRegistrationBodySchema,
        response: {
          201: passkeySchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const access = await signedIn(request, reply);
      if (!access) return reply;
      const now = app.clock();
      const added = await register(app.repositories, party, access.delegateId, request.body, now);
      if ('refused' in added) {
        const { status, detail } = refusal(translator(requestLanguage(request)), added.refused);
        return reply.code(status).send({ detail });
      }
      return reply
        .code(201)
        .send({ id: added.id, created_at: now.toISOString(), last_used_at: null });
    },
  );

  r.post(
    `${PASSKEYS}/:id/remove`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Remove one of the signed-in delegate’s passkeys',
        params: passkeyParamsSchema,
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const access = await signedIn(request, reply);
      if (!access) return reply;
      const removed = await app.repositories.delegatePasskeys.remove(
        access.delegateId,
        request.params.id,
      );
      if (!removed) {
        const i18n = translator(requestLanguage(request));
        return reply.code(404).send({
          detail: i18n._({
            id: 'delegates.passkey.not-found',
            message: 'This passkey is not yours, or it was removed already.',
          }),
        });
      }
      return wantsHtml(request)
        ? reply.redirect(`${HOME}?passkey=removed`, 303)
        : reply.code(204).send(null);
    },
  );

  r.post(
    `${PASSKEYS}/sign-in/options`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start signing in with a passkey: the authentication ceremony’s options',
        response: { 200: passkeyRequestOptionsSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      if (!isSameOrigin(request)) return reply.code(403).send({ detail: CSRF_DETAIL });
      // A discoverable passkey: no credentials listed, the authenticator offers the site's own.
      const { challenge, timeout, rpId, userVerification } = await signInOptions(
        app.repositories,
        party,
        app.clock(),
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ challenge, timeout, rpId, userVerification });
    },
  );

  r.post(
    `${PASSKEYS}/sign-in`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign a delegate in with a passkey (while a grant of theirs is active)',
        body: passkeySignInBodySchema,
        response: { 200: passkeySignedInSchema, 400: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      if (!isSameOrigin(request)) return reply.code(403).send({ detail: CSRF_DETAIL });
      const result = await signInWithPasskey(app.repositories, party, request.body, app.clock());
      if ('refused' in result) {
        const { status, detail } = refusal(translator(requestLanguage(request)), result.refused);
        // A duplicate is a registration's refusal only; a sign-in's refusals are 400 or 403.
        return reply.code(status === 409 ? 400 : status).send({ detail });
      }
      setDelegateCookies(reply, result.sessionId, secure);
      const next = await landingOf(app, result.sessionId);
      return reply.header('cache-control', 'no-store').send({ next });
    },
  );
}
