import { z } from 'zod';
import { ConfigError, httpUrl, isSafeUrl, optional } from '../../../config/env-values.js';
import { defineVariantSettings } from '../../../config/variant.js';
import { printableUrl } from '../../../net/printable-url.js';

const CANVAS_REQUIRED = ['CANVAS_URL', 'CANVAS_CLIENT_ID', 'CANVAS_CLIENT_SECRET'] as const;

/** Where Canvas sends the student back after they allow the portal (registered with the key). */
export const CANVAS_CALLBACK_PATH = '/api/coursework/canvas/callback';

/**
 * The campus's Canvas and the portal's developer key there (issue 45, step 2): all three variables,
 * or none (students then paste their calendar feed, step 1). The callback is the portal's public
 * origin and CANVAS_CALLBACK_PATH.
 */
export interface CanvasConfig {
  url: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** Canvas through its Planner API, each student connecting by OAuth (`server/coursework/canvas-*`). */
export const canvasSettings = defineVariantSettings({
  env: {
    /** The campus's Canvas (its origin), for coursework through the Planner API (issue 45). */
    CANVAS_URL: optional(httpUrl),
    CANVAS_CLIENT_ID: optional(z.string().min(1).max(200)),
    CANVAS_CLIENT_SECRET: optional(z.string().min(1).max(500)),
  },
  read(e, context: { publicOrigin: string }): { canvas: CanvasConfig | undefined } {
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
        redirectUri: new URL(CANVAS_CALLBACK_PATH, context.publicOrigin).href,
      },
    };
  },
  report: ({ canvas }) =>
    canvas
      ? `Canvas at ${printableUrl(canvas.url)} (students may connect it on Account; its callback is ${printableUrl(canvas.redirectUri)})`
      : 'students paste their calendar feed (set CANVAS_URL, CANVAS_CLIENT_ID and CANVAS_CLIENT_SECRET to connect Canvas)',
  secrets: ({ canvas }) => [['CANVAS_CLIENT_SECRET', canvas?.clientSecret]],
  docs: {
    intro:
      "Canvas: with a developer key (all three variables, or none), students may **Connect Canvas** on Account: coursework comes from Canvas's Planner API with submission state, and Mark done is written to Canvas too.",
    rows: {
      CANVAS_URL: [
        'unset',
        "The campus's Canvas (an `https` origin, no path; `http` only on loopback). With `CANVAS_CLIENT_ID` and `CANVAS_CLIENT_SECRET` (all three, or none), students may **Connect Canvas** on Account: coursework comes from Canvas's Planner API with submission state, and Mark done is written to Canvas too. The developer key's redirect URI is `PUBLIC_ORIGIN` + `/api/coursework/canvas/callback`.",
      ],
      CANVAS_CLIENT_ID: ['unset', "The Canvas developer key's client id."],
      CANVAS_CLIENT_SECRET: [
        'unset',
        "The Canvas developer key's secret (keep it out of the repository, as every secret).",
      ],
    },
  },
});
