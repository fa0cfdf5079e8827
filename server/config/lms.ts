import { ConfigError, isSafeUrl } from './env.js';
import type { Env } from './env.js';

const CANVAS_REQUIRED = ['CANVAS_URL', 'CANVAS_CLIENT_ID', 'CANVAS_CLIENT_SECRET'] as const;

/** Where Canvas sends the student back after they allow the portal (registered with the key). */
export const CANVAS_CALLBACK_PATH = '/api/coursework/canvas/callback';

/**
 * The campus's Canvas and the portal's developer key there (issue 45, step 2): all three variables,
 * or none (students then paste their calendar feed address, step 1). The callback is the portal's
 * public origin and CANVAS_CALLBACK_PATH.
 */
export interface CanvasConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export function lmsConfig(e: Env, publicOrigin: string): { canvas: CanvasConfig | undefined } {
  const given = CANVAS_REQUIRED.filter((name) => e[name] !== undefined);
  if (given.length === 0) return { canvas: undefined };
  if (!e.CANVAS_URL || !e.CANVAS_CLIENT_ID || !e.CANVAS_CLIENT_SECRET) {
    const missing = CANVAS_REQUIRED.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration: Canvas needs ${CANVAS_REQUIRED.join(', ')}; missing ${missing.join(', ')}.`,
    );
  }
  const url = new URL(e.CANVAS_URL);
  if (!isSafeUrl(url) || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new ConfigError(
      'Invalid configuration: CANVAS_URL must be an https origin, no path (http only on loopback).',
    );
  }
  return {
    canvas: {
      url: url.origin,
      clientId: e.CANVAS_CLIENT_ID,
      clientSecret: e.CANVAS_CLIENT_SECRET,
      redirectUri: new URL(CANVAS_CALLBACK_PATH, publicOrigin).href,
    },
  };
}
