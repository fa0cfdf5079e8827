import formbody from '@fastify/formbody';
import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  delegateLinkBodySchema,
  delegateTokenBodySchema,
} from '../../../contract/delegates.schema.js';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  acceptInvitation,
  delegateAccess,
  invitationOf,
  sendSignInLink,
  signInDelegate,
} from '../../delegates/sign-in.js';
import { delegateSessionOf } from '../../delegates/tokens.js';
import { translator } from '../../i18n/catalogue.js';
import { requestLanguage } from '../../i18n/request-language.js';
import { delegateDeps } from '../../delegates/grants.js';
import { LinkForm, PasskeySignIn, TokenForm, sendPage } from './delegate-pages.js';
import { acceptPage } from './accept-page.js';
import { signedInHome } from './delegate-shared.js';
import {
  HOME,
  landingOf,
  homeQuerySchema,
  setDelegateCookies,
  tokenQuerySchema,
  wantsHtml,
} from './delegate-http.js';

/**
 * A delegate's sign-in (issue 73), public by design: delegates are not campus accounts. Opening an
 * emailed link shows a page with one button; the button's POST uses the link's token (once). The
 * invitation (7 days) accepts the grant and emails a sign-in link (15 minutes); the sign-in link
 * starts a delegate session (an httpOnly cookie, its id stored hashed). `GET /auth/delegate/me` says
 * who is signed in and whose record they view; a delegate with two students chooses here.
 */
export default async function delegateRoutes(app: FastifyInstance) {
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = delegateDeps(app);
  const { productName, timeZone } = app.config.campus;
  const secure = app.config.nodeEnv === 'production';

  /** A delegate page under its heading, in the reader's language. */
  const page = (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    body: React.ReactNode,
    status?: number,
  ) =>
    sendPage(request, reply, {
      language: requestLanguage(request),
      productName,
      title,
      body,
      status,
    });

  /** A page that says one thing (sent, accepted, gone), with the sign-in link form when it helps. */
  const notice = (
    request: FastifyRequest,
    reply: FastifyReply,
    text: { title: string; detail: string },
    options: { status: number; linkForm: boolean },
  ) =>
    page(
      request,
      reply,
      text.title,
      <>
        <p role="status">{text.detail}</p>
        {options.linkForm ? <LinkForm i18n={translator(requestLanguage(request))} /> : null}
      </>,
      options.status,
    );

  /**
   * An emailed link's page: one button posting its token (opening a link changes nothing; mail
   * scanners open links). The invitation and the sign-in link share it.
   */
  const tokenPage = (path: string, title: (i18n: I18n) => string) =>
    r.get(
      `${HOME}/${path}`,
      { config: { access: 'public' }, schema: { hide: true, querystring: tokenQuerySchema } },
      async (request, reply) => {
        const heading = title(translator(requestLanguage(request)));
        return page(
          request,
          reply,
          heading,
          <TokenForm action={`${HOME}/${path}`} token={request.query.token} button={heading} />,
        );
      },
    );

  r.get(
    HOME,
    { config: { access: 'public' }, schema: { hide: true, querystring: homeQuerySchema } },
    async (request, reply) => {
      const i18n = translator(requestLanguage(request));
      const language = requestLanguage(request);
      const sessionId = delegateSessionOf(request);
      const access = sessionId
        ? await delegateAccess(app.repositories, sessionId, app.clock())
        : undefined;
      const title = i18n._({ id: 'delegates.page.title', message: 'Shared with you' });
      if (!sessionId || !access) {
        return page(
          request,
          reply,
          title,
          <>
            <p>
              {i18n._({
                id: 'delegates.page.explain',
                message:
                  'A student shared part of their record with you. Sign in with the email address they gave.',
              })}
            </p>
            <LinkForm i18n={i18n} />
            <PasskeySignIn i18n={i18n} />
          </>,
        );
      }
      const body = await signedInHome(app, { access, i18n, language });
      return page(request, reply, title, body(request.query.passkey));
    },
  );

  r.post(
    `${HOME}/link`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Email a delegate a sign-in link (15 minutes, used once)',
        body: delegateLinkBodySchema,
        response: { 202: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      // The same answer whether or not the address may sign in: nobody learns who is a delegate.
      await sendSignInLink(deps, request.body.email, app.clock());
      if (!wantsHtml(request)) return reply.code(202).send({ sent: true });
      const i18n = translator(requestLanguage(request));
      const title = i18n._({ id: 'delegates.page.link-sent', message: 'Check your email' });
      const detail = i18n._({
        id: 'delegates.page.link-sent.detail',
        message:
          'If a student shares their record with this address, a sign-in link is on its way. It works once, for 15 minutes.',
      });
      return notice(request, reply, { title, detail }, { status: 202, linkForm: false });
    },
  );

  // The invitation's page says who shares what until when, at which university, and what accepting
  // does (issue 87); reading it uses nothing.
  r.get(
    `${HOME}/accept`,
    { config: { access: 'public' }, schema: { hide: true, querystring: tokenQuerySchema } },
    async (request, reply) => {
      const language = requestLanguage(request);
      const i18n = translator(language);
      const university = app.config.campuses[language].universityName;
      const offer = await invitationOf(app.repositories, request.query.token, app.clock());
      const { title, body } = acceptPage(i18n, language, {
        offer,
        university,
        zone: timeZone,
        action: `${HOME}/accept`,
        token: request.query.token,
        paysHere: deps.paysHere,
      });
      return page(request, reply, title, body);
    },
  );

  r.post(
    `${HOME}/accept`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Accept an invitation (its link used once, within 7 days)',
        body: delegateTokenBodySchema,
        response: { 200: z.object({ accepted: z.literal(true) }), 410: errorSchema },
      },
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(deps, request.body.token, app.clock());
      const i18n = translator(requestLanguage(request));
      const gone = i18n._({
        id: 'delegates.page.accept.gone',
        message:
          'This invitation cannot be used: it was used already, it is more than 7 days old, or the student stopped sharing.',
      });
      if (!wantsHtml(request)) {
        return accepted ? reply.send({ accepted: true }) : reply.code(410).send({ detail: gone });
      }
      if (!accepted) {
        const title = i18n._({
          id: 'delegates.page.accept.gone.title',
          message: 'This invitation does not work',
        });
        return notice(request, reply, { title, detail: gone }, { status: 410, linkForm: true });
      }
      const title = i18n._({ id: 'delegates.page.accepted', message: 'Invitation accepted' });
      const detail = i18n._({
        id: 'delegates.page.accepted.detail',
        message: 'We emailed you a sign-in link. It works once, for 15 minutes.',
      });
      return notice(request, reply, { title, detail }, { status: 200, linkForm: false });
    },
  );

  tokenPage('sign-in', (i18n) => i18n._({ id: 'delegates.page.sign-in', message: 'Sign in' }));

  r.post(
    `${HOME}/sign-in`,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign a delegate in by their emailed link (used once, within 15 minutes)',
        body: delegateTokenBodySchema,
        response: { 410: errorSchema },
      },
    },
    async (request, reply) => {
      const sessionId = await signInDelegate(deps, request.body.token, app.clock());
      const i18n = translator(requestLanguage(request));
      if (!sessionId) {
        const title = i18n._({
          id: 'delegates.page.sign-in.gone',
          message: 'This sign-in link does not work',
        });
        const detail = i18n._({
          id: 'delegates.page.sign-in.gone.detail',
          message: 'Sign-in links work once, for 15 minutes. Ask for a new one.',
        });
        if (!wantsHtml(request)) return reply.code(410).send({ detail });
        return notice(request, reply, { title, detail }, { status: 410, linkForm: true });
      }
      setDelegateCookies(reply, sessionId, secure);
      return reply.redirect(await landingOf(app, sessionId), 303);
    },
  );
}
