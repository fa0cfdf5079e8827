import type { I18n } from '@lingui/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { defaultCampus } from '../../contract/campus.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import { requestLanguage } from '../i18n/request-language.js';
import { renderDocument } from './render.js';
import { themeOf } from './theme.js';
import { ICONS, MANIFEST_PATH } from './web-app.js';

/** The stylesheet of the server-rendered pages: external, so the CSP needs no inline style. */
export const PAGE_CSS_PATH = '/auth/sign-in.css';

/**
 * A server-rendered page: sign-in, log out, unsubscribe, sign-in problems. Rendered by the admin's
 * renderer (html/render.ts): every text and attribute is escaped by construction.
 */
export function renderPage(options: {
  title: string;
  productName: string;
  body: ReactNode;
  /** The person's theme choice (html/theme.ts); none follows the device's setting. */
  theme: 'light' | 'dark' | undefined;
  /** The language the page is written in (issue 59); English when not given. */
  language?: Language;
}) {
  return renderDocument(
    <html lang={options.language ?? 'en'} data-theme={options.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${options.title} · ${options.productName}`}</title>
        <link rel="stylesheet" href={PAGE_CSS_PATH} />
        <link rel="manifest" href={MANIFEST_PATH} />
        <link rel="apple-touch-icon" href={ICONS.apple180.path} />
        {/* The theme and, for the first page the server draws after sign-in, the screen's width. */}
        <script src="/theme.js" />
      </head>
      <body>
        <main>{options.body}</main>
      </body>
    </html>,
  );
}

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * A text of a problem: as written (the staff admin, English), or read from the server's catalogue in
 * the language of the person who asked (`(i18n) => i18n._({ id, message })`, issue 59).
 */
export type ProblemText = string | ((i18n: I18n) => string);

export interface Problem {
  status: number;
  title: ProblemText;
  detail: ProblemText;
  link?: { href: string; text: ProblemText };
}

/**
 * A refusal as the caller can read it: a small page for a browser navigating, JSON `{"detail"}` for
 * everything else (the API's error shape); both in the browser's language (Accept-Language) where
 * the texts come from the catalogue, and marked English where they are written in English only.
 */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem) {
  // A problem written only as it is written (the staff admin's "Superusers only") is English: its
  // page says so (`lang="en"`), whatever the browser's language (issue 76).
  const asWritten = [problem.title, problem.detail, problem.link?.text].every(
    (t) => t === undefined || typeof t === 'string',
  );
  const language = asWritten ? 'en' : requestLanguage(request);
  const i18n = translator(language);
  const text = (t: ProblemText) => (typeof t === 'string' ? t : t(i18n));
  const title = text(problem.title);
  const detail = text(problem.detail);
  reply.code(problem.status).header('cache-control', 'no-store');
  if (!wantsHtml(request)) return reply.send({ detail });
  return reply
    .header('content-language', language)
    .type('text/html; charset=utf-8')
    .send(
      renderPage({
        title,
        productName: defaultCampus.productName,
        theme: themeOf(request),
        language,
        body: (
          <>
            <h1>{title}</h1>
            <p>{detail}</p>
            {problem.link && (
              <p>
                <a href={problem.link.href}>{text(problem.link.text)}</a>
              </p>
            )}
          </>
        ),
      }),
    );
}
