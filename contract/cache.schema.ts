import { z } from 'zod';

/** `POST /api/cache/clear` (the portal's `?refresh`): how many of this user's cached answers were dropped. */
export const cacheClearedSchema = /* @__PURE__ */ z.object({ cleared: z.number().int().min(0) });
export type CacheCleared = z.infer<typeof cacheClearedSchema>;
