import { z } from 'zod';

/**
 * The student information system answers `p_result: "Warning"` instead of data when it has nothing to
 * say (for example no standing on record yet). portal.md §7: such answers are treated as empty.
 */
export const sisWarningSchema = /* @__PURE__ */ z.object({
  p_result: z.literal('Warning'),
  p_message: z.string().optional(),
});
export type SisWarning = z.infer<typeof sisWarningSchema>;

/** An integration answer: the data, or a Warning. */
export const orWarning = <T extends z.ZodType>(schema: T) => z.union([schema, sisWarningSchema]);

export function isSisWarning(answer: unknown): answer is SisWarning {
  return sisWarningSchema.safeParse(answer).success;
}
