import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { defaultCampus } from '../../contract/campus.schema.js';
import { renderDocument } from './render.js';

/** The stylesheet of the server-rendered pages: external, so the CSP needs no inline style. */
export const PAGE_CSS_PATH = '/auth/sign-in.css';

/**
 * A server-rendered page: sign-in, log out, unsubscribe, sign-in problems. Rendered by the admin's
 * renderer (html/render.ts): every text and attribute is escaped by construction.
 */
export function renderPage(options: { title: string; productName: string; body: ReactNode }) {
  return renderDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${options.title} · ${options.productName}`}</title>
        <link rel="stylesheet" href={PAGE_CSS_PATH} />
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
