import { z } from 'zod';

/** `POST /api/demo-state` (portal.md §4 Demo mode): start (`true`) or end (`false`) demo mode. */
export const demoStateBodySchema = /* @__PURE__ */ z.strictObject({ active: z.boolean() });
export type DemoStateBody = z.infer<typeof demoStateBodySchema>;

/** The answer: whether demo mode is now on. */
export const demoStateSchema = /* @__PURE__ */ z.object({ active: z.boolean() });
export type DemoState = z.infer<typeof demoStateSchema>;
