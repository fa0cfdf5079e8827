import type { Site } from './campus.schema.js';
import type { WidthClass } from './first-answers.rules.js';
import type { Language } from './language.schema.js';

/**
 * What the server asks of the server render's bundle (issue 75) and what it answers: one type for
 * both sides of the call, the bundle (src/ssr/portal-render.tsx, built by
 * vite.server-render.config.ts) and the server that imports it (server/html/server-render.ts).
 * Types, and the id of the drawn page's note, which only the takeover's own chunks read (nothing of
 * this reaches the first route).
 */
/**
 * `<html data-drawn>` on a page drawn for any width (Next Steps'), which public/theme.js never
 * marks stale; the portal's pages carry their width class there.
 */
export const DRAWN_FOR_ANY_WIDTH = 'any';

export interface PortalRenderInput {
  /** The address asked for: path and query. */
  url: string;
  /** The answers the page carries (server/html/first-answers.ts), by address under `/api/`. */
  answers: Record<string, unknown>;
  site: Site;
  /** The person's language: their choice, else their browser's. */
  language: Language;
  demoActive: boolean;
  /** The width class to draw for (the width the browser last told, first-answers.rules.ts). */
  width: WidthClass;
  /** Answers the app's other calls (the server's own API, as the person). */
  fetch: typeof fetch;
  /** The server's HTML sanitiser, by the allow-list the browser's applies. */
  sanitize: (html: string) => string;
  /** How long the render may take before the browser draws the page instead. */
  limitMs: number;
  /** The session's CSRF token: the view-as bar's End sends it, as the browser's does (issue 87). */
  csrf: string | null;
}

export interface PortalRenderOutput {
  /** `#root`'s content. */
  html: string;
  /** Every answer the render used, by address: the page carries them for the browser's calls. */
  answers: Record<string, unknown>;
  /** Each component actor's snapshot, by its place in the tree (src/lib/render-actors.ts). */
  snapshots: Record<string, unknown>;
}

/** The bundle's export (dist/ssr/portal-render.js). */
export interface PortalRenderModule {
  renderPortal(input: PortalRenderInput): Promise<PortalRenderOutput>;
}

/**
 * Next Steps' server render (src/ssr/next-steps-render.tsx, built by
 * vite.server-render-next-steps.config.ts), asked by the same server module.
 */
export interface NextStepsRenderInput {
  /** The address asked for: path and query, under `/next-steps`. */
  url: string;
  /** The answers the page carries (server/html/first-answers.ts), by address under Next Steps' API. */
  answers: Record<string, unknown>;
  /** The campus configuration the page carries (English: the browser asks for another language's). */
  site: Site;
  /** The person's language: their choice, else their browser's. */
  language: Language;
  /** The session's CSRF token: the frame's Log out form sends it, as the browser's does. */
  csrf: string | null;
  /** Answers the app's calls (the server's own API, as the person). */
  fetch: typeof fetch;
  /** The server's HTML sanitiser, by the allow-list the browser's applies. */
  sanitize: (html: string) => string;
  /** How long the render may take before the browser draws the page instead. */
  limitMs: number;
}

export interface NextStepsRenderOutput {
  /** `#root`'s content. */
  html: string;
  /** Every Next Steps answer the render used, by address under `/next-steps/api/`. */
  answers: Record<string, unknown>;
  /** Every portal answer the render used (coursework, the campus in the language), under `/api/`. */
  portalAnswers: Record<string, unknown>;
  /** Each component actor's snapshot, by its place in the tree (src/lib/render-actors.ts). */
  snapshots: Record<string, unknown>;
}

/** The bundle's export (dist/ssr/next-steps-render.js). */
export interface NextStepsRenderModule {
  renderNextSteps(input: NextStepsRenderInput): Promise<NextStepsRenderOutput>;
}

/**
 * A drawn page's note that its buttons and forms need its scripts (server/html/server-render.ts):
 * the takeover removes it (src/hydrate-drawn.tsx, src/hydrate-next-steps.tsx).
 */
export const SCRIPTS_NOTE_ID = 'scripts-note';

/**
 * A drawn page's `<template>` holding its scripts and their preloads (`withScriptsAfterPaint`,
 * server/html/drawn-head.ts): public/theme.js asks for them once the page has painted.
 */
export const SCRIPTS_AFTER_PAINT_ID = 'scripts-after-paint';
