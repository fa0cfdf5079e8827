import type { I18n } from '@lingui/core';
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
import { requestLanguage } from '../../i18n/request-language.js';
import { renderPage, sendProblem } from '../../html/page.js';
import { translator } from '../../i18n/catalogue.js';
import { themeOf } from '../../html/theme.js';
import type { Topic } from '../../notify/topics.js';

const PATH = '/api/notify/unsubscribe';
/** The confirmation pages are pages, not API answers: their stylesheet and their own form may load. */
const PAGE_CSP = "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'";
const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/** Where the same choice is made after signing in. */
const SETTINGS_HREF = '/next-steps/preferences';
const settingsText = (i18n: I18n) =>
  i18n._({ id: 'unsubscribe.settings', message: 'Choose your notifications in Next Steps' });

// The refusals are pages too: the page's CSP, so its stylesheet loads (the API's allows nothing).
const refuse = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(request, reply.header('content-security-policy', PAGE_CSP), {
    status: 400,
    title: (i18n) => i18n._({ id: 'unsubscribe.broken.title', message: 'This link does not work' }),
    detail: (i18n) =>
      i18n._({
        id: 'unsubscribe.broken.detail',
        message:
          'The unsubscribe link is incomplete or was changed. Choose your notifications in Next Steps instead.',
      }),
    link: { href: SETTINGS_HREF, text: settingsText },
  });

/** What stopping the topic stops, as a whole sentence in each language (never assembled). */
const noLonger = (i18n: I18n, topic: Topic) =>
  i18n._({
    id: 'unsubscribe.no-longer',
    message:
      '{topic, select, deadlines {You will no longer get Next Steps deadline reminders by email.} messages {You will no longer get messages from the university by email, text or push (they stay on your Messages page).} records {You will no longer get changes to your record by email, text or push (they stay on your Messages page).} appointments {You will no longer get appointment reminders by email, text or push.} other {You will no longer get coursework due date reminders by email, text or push.}}',
    values: { topic },
  });

/**
 * A genuine link past its age (`UNSUBSCRIBE_LINK_DAYS`): a page, not a failure, that says so and
 * where the same choice is made after signing in. 410: the link existed and is gone for good.
 */
const expired = (request: FastifyRequest, reply: FastifyReply, topic: Topic, days: number) =>
  sendProblem(request, reply.header('content-security-policy', PAGE_CSP), {
    status: 410,
    title: (i18n) => i18n._({ id: 'unsubscribe.expired.title', message: 'This link has expired' }),
    detail: (i18n) =>
      i18n._({
        id: 'unsubscribe.expired.detail',
        message:
          '{topic, select, deadlines {Unsubscribe links work for {days} days after their email was sent, and this one is older. Nothing was changed. To stop Next Steps deadline reminders, sign in and choose your notifications in Next Steps.} messages {Unsubscribe links work for {days} days after their email was sent, and this one is older. Nothing was changed. To stop messages from the university, sign in and choose your notifications in Next Steps.} records {Unsubscribe links work for {days} days after their email was sent, and this one is older. Nothing was changed. To stop changes to your record, sign in and choose your notifications in Next Steps.} appointments {Unsubscribe links work for {days} days after their email was sent, and this one is older. Nothing was changed. To stop appointment reminders, sign in and choose your notifications in Next Steps.} other {Unsubscribe links work for {days} days after their email was sent, and this one is older. Nothing was changed. To stop coursework due date reminders, sign in and choose your notifications in Next Steps.}}',
        values: { topic, days },
      }),
    link: { href: SETTINGS_HREF, text: settingsText },
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
    {
      config: { access: 'public' },
      schema: { hide: true, querystring: unsubscribePageQuerySchema },
    },
    async (request, reply) => {
      const claims = app.notify.tokens.read(request.query.token);
      if (!claims) return refuse(request, reply);
      if (claims.state === 'expired') return expired(request, reply, claims.topic, days);
      const language = requestLanguage(request);
      const i18n = translator(language);
      const action = `${PATH}?token=${encodeURIComponent(request.query.token)}`;
      const page = (title: string, body: ReactNode) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-security-policy', PAGE_CSP)
          .header('content-language', language)
          .send(renderPage({ title, productName, body, theme: themeOf(request), language }));
      const settings = (
        <p>
          <a href={SETTINGS_HREF}>{settingsText(i18n)}</a>
        </p>
      );
      if (request.query.done) {
        return page(
          i18n._({ id: 'unsubscribe.done.title', message: 'Unsubscribed' }),
          <>
            <h1>{i18n._({ id: 'unsubscribe.done.heading', message: 'You are unsubscribed' })}</h1>
            <p role="status">{noLonger(i18n, claims.topic)}</p>
            {settings}
          </>,
        );
      }
      return page(
        i18n._({ id: 'unsubscribe.title', message: 'Unsubscribe' }),
        <>
          <h1>
            {i18n._({
              id: 'unsubscribe.question',
              message:
                '{topic, select, deadlines {Stop Next Steps deadline reminders?} messages {Stop messages from the university?} records {Stop changes to your record?} appointments {Stop appointment reminders?} other {Stop coursework due date reminders?}}',
              values: { topic: claims.topic },
            })}
          </h1>
          <p>
            {i18n._({
              id: 'unsubscribe.explain',
              message: '{sentence} You can turn them on again in Next Steps.',
              values: { sentence: noLonger(i18n, claims.topic) },
            })}
          </p>
          <form method="post" action={action}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit">
              {i18n._({ id: 'unsubscribe.button', message: 'Unsubscribe' })}
            </button>
          </form>
        </>,
      );
    },
  );

  r.post(
    PATH,
    {
      config: { access: 'public' },
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
