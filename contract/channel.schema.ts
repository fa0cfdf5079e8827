import { z } from 'zod';

/**
 * The channels a notification goes out by: email, a text message (`sms`) and web push. The server
 * has one module per channel (server/notify/channels/), each listed by this union, so the compiler
 * names what a new channel must supply; a job's `channel` column holds one of these.
 */
export const channelSchema = /* @__PURE__ */ z.enum(['email', 'sms', 'push']);
export type Channel = z.infer<typeof channelSchema>;
