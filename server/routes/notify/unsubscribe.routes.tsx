import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  unsubscribeAnswerSchema,
  unsubscribeBodySchema,
  unsubscribePageQuerySchema,
  unsubscribeQuerySchema,
} from '../../../contract/notify.schema.js';
import type { ReactNode } from 'react';
import { renderPage, sendProblem } from '../../html/page.js';
import { themeOf } from '../../html/theme.js';
import { TOPICS } from '../../notify/topics.js';
import type { Topic } from '../../notify/topics.js';

const PATH = '/api/notify/unsubscribe';
/** The confirmation pages are pages, not API answers: their stylesheet and their own form may load. */
const PAGE_CSP = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'";
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

// The refusals are pages too: the page's CSP, so its stylesheet loads (the API's allows nothing).
const refuse = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(request, reply.header('content-security-policy', PAGE_CSP), {
    status: 400,
    title: 'This link does not work',
    detail:
      'The unsubscribe link is incomplete or was changed. Choose your notifications in Next Steps instead.',
    link: SETTINGS,
  });

const SETTINGS = {
  href: '/next-steps/preferences',
  text: 'Choose your notifications in Next Steps',
};

/**
 * A genuine link past its age (`UNSUBSCRIBE_LINK_DAYS`): a page, not a failure, that says so and
 * where the same choice is made after signing in. 410: the link existed and is gone for good.
 */
const expired = (request: FastifyRequest, reply: FastifyReply, topic: Topic, days: number) =>
  sendProblem(request, reply.header('content-security-policy', PAGE_CSP), {
    status: 410,
    title: 'This link has expired',
    detail: `Unsubscribe links work for ${days} days after their email was sent, and this one is older. Nothing was changed. To stop ${TOPICS[topic].label.toLowerCase()}, sign in and choose your notifications in Next Steps.`,
    link: SETTINGS,
  });

/**
 * One-click unsubscribe (RFC 8058), without signing in: the signed token names the person and the
 * topic. A mail client POSTs `List-Unsubscribe=One-Click` to the link; a person who opens the link
 * sees a page with one button that makes the same POST.
 */
export default async function unsubscribeRoutes(app: FastifyInstance) {
  await app.register(formbody);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { productName } = app.config.campus;
  const days = app.config.mail.unsubscribeLinkDays;

  r.get(
    PATH,
    { schema: { hide: true, querystring: unsubscribePageQuerySchema } },
    async (request, reply) => {
      const claims = app.notify.tokens.read(request.query.token);
      if (!claims) return refuse(request, reply);
      if (claims.state === 'expired') return expired(request, reply, claims.topic, days);
      const { label, by } = TOPICS[claims.topic];
      const action = `${PATH}?token=${encodeURIComponent(request.query.token)}`;
      const page = (title: string, body: ReactNode) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', PAGE_CSP)
          .send(renderPage({ title, productName, body, theme: themeOf(request) }));
      if (request.query.done) {
        return page(
          'Unsubscribed',
          <>
            <h1>You are unsubscribed</h1>
            <p role="status">{`You will no longer get ${label.toLowerCase()} ${by}.`}</p>
            <p>
              <a href={SETTINGS.href}>{SETTINGS.text}</a>
            </p>
          </>,
        );
      }
      return page(
        'Unsubscribe',
        <>
          <h1>Stop {label.toLowerCase()}?</h1>
          <p>
            {`You will no longer get ${label.toLowerCase()} ${by}. You can turn them on again in Next Steps.`}
          </p>
          <form method="post" action={action}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit">Unsubscribe</button>
          </form>
        </>,
      );
    },
  );

  r.post(
    PATH,
    {
      schema: {
        summary: 'One-click unsubscribe from a topic (RFC 8058), by the signed link of an email',
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        // 400: the link is not one the portal signed; 410: it was, and is past its age.
        response: { 200: unsubscribeAnswerSchema, 400: errorSchema, 410: errorSchema },
      },
    },
    async (request, reply) => {
      const claims = app.notify.tokens.read(request.query.token);
      if (!claims) return refuse(request, reply);
      if (claims.state === 'expired') return expired(request, reply, claims.topic, days);
      await app.notify.unsubscribe(claims.userId, claims.topic);
      reply.header('cache-control', 'no-store');
      // A person who pressed the page's button sees the result as a page (post, then redirect).
      if (wantsHtml(request))
        return reply.redirect(
          `${PATH}?token=${encodeURIComponent(request.query.token)}&done=1`,
          303,
        );
      return reply.send({ topic: claims.topic, unsubscribed: true });
    },
  );
}
