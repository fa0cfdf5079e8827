import { z } from 'zod';

/** The app status check the portal's navigation guard makes first (portal.md §2). */
export const statusSchema = z.object({ status: z.literal('ok') });
export type Status = z.infer<typeof statusSchema>;
