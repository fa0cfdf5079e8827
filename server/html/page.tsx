import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { defaultCampus } from '../../contract/campus.schema.js';
import type { Language } from '../../contract/language.schema.js';
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
      </head>
      <body>
        <main>{options.body}</main>
      </body>
    </html>,
  );
}

const wantsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * A refusal as the caller can read it: a small page for a browser navigating, JSON `{"detail"}` for
 * everything else (the API's error shape).
 */
export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: { status: number; title: string; detail: string; link?: { href: string; text: string } },
) {
  reply.code(problem.status).header('cache-control', 'no-store');
  if (!wantsHtml(request)) return reply.send({ detail: problem.detail });
  return reply.type('text/html; charset=utf-8').send(
    renderPage({
      title: problem.title,
      productName: defaultCampus.productName,
      theme: themeOf(request),
      body: (
        <>
          <h1>{problem.title}</h1>
          <p>{problem.detail}</p>
          {problem.link && (
            <p>
              <a href={problem.link.href}>{problem.link.text}</a>
            </p>
          )}
        </>
      ),
    }),
  );
}
