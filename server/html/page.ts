import type { FastifyReply, FastifyRequest } from 'fastify';
import { defaultCampus } from '../../contract/campus.schema.js';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The stylesheet of the server-rendered pages: external, so the CSP needs no inline style. */
export const PAGE_CSS_PATH = '/auth/sign-in.css';

/** A server-rendered page: sign-in, sign-in problems, admin. `body` must already be escaped. */
export function renderPage(options: { title: string; productName: string; body: string }) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(options.title)} · ${escapeHtml(options.productName)}</title>
  <link rel="stylesheet" href="${PAGE_CSS_PATH}">
</head>
<body>
  <main>
${options.body}
  </main>
</body>
</html>`;
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
  const link = problem.link
    ? `\n    <p><a href="${escapeHtml(problem.link.href)}">${escapeHtml(problem.link.text)}</a></p>`
    : '';
  return reply.type('text/html; charset=utf-8').send(
    renderPage({
      title: problem.title,
      productName: defaultCampus.productName,
      body: `    <h1>${escapeHtml(problem.title)}</h1>\n    <p>${escapeHtml(problem.detail)}</p>${link}`,
    }),
  );
}
