import { z } from 'zod';

/** The SIS names of the answers a page may ask to refresh after the user edited them elsewhere. */
export const clearableEndpointSchema = /* @__PURE__ */ z.enum([
  'EmergencyInfo',
  'CurriculumInfo',
  'ContactInfo',
  'PersonInfo',
]);
export type ClearableEndpoint = z.infer<typeof clearableEndpointSchema>;

/** `POST /api/integrations/finti/clear-cache`. */
export const clearCacheBodySchema = /* @__PURE__ */ z.strictObject({
  endpoint: clearableEndpointSchema,
});
export type ClearCacheBody = z.infer<typeof clearCacheBodySchema>;

export const clearCacheAnswerSchema = /* @__PURE__ */ z.object({
  endpoint: clearableEndpointSchema,
  cleared: z.number().int().min(0),
});
export type ClearCacheAnswer = z.infer<typeof clearCacheAnswerSchema>;
