import { z } from 'zod';

/** Which browser app reported. */
export const clientAppSchema = /* @__PURE__ */ z.enum(['portal', 'next-steps']);
export type ClientApp = z.infer<typeof clientAppSchema>;

/**
 * `POST /api/client-errors`: an error the browser could not handle — uncaught, an unhandled promise
 * rejection, or a render that failed (React's error boundaries and root). Texts are cut to their
 * limits by the browser before sending; the server refuses anything else.
 */
export const clientErrorSchema = /* @__PURE__ */ z.strictObject({
  app: clientAppSchema,
  kind: z.enum(['error', 'rejection', 'render']),
  message: z.string().max(1000),
  stack: z.string().max(8000).optional(),
  componentStack: z.string().max(8000).optional(),
  /** The page's path (no query: it may carry personal data). */
  path: z.string().max(500),
  build: z.string().max(64),
});
export type ClientError = z.infer<typeof clientErrorSchema>;

export const CLIENT_ERROR_LIMITS = { message: 1000, stack: 8000, path: 500, build: 64 } as const;
