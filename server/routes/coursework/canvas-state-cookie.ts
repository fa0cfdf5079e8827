import type { FastifyInstance } from 'fastify';
import { CANVAS_CALLBACK_PATH } from '../../coursework/sources/canvas/settings.js';

/**
 * The OAuth round trip's cookie, set and cleared alike: for the callback's path only; Lax, as Canvas
 * sends the student back by a top-level navigation from its own site.
 */
export const stateCookie = (app: FastifyInstance) =>
  ({
    path: CANVAS_CALLBACK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.nodeEnv === 'production',
  }) as const;
