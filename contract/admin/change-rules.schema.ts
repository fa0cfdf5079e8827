import { z } from 'zod';
import { linkInputSchema } from '../link.rules.js';
import { adminTextSchema, versionSchema } from './admin.schema.js';
import { needsSpanishTitle, spanishFields } from './translation.schema.js';

/** The changes to a student's record the portal names (issue 74; server/changes/kinds.ts). */
export const CHANGE_KINDS = [
  'hold-added',
  'hold-removed',
  'class-added',
  'class-dropped',
  'class-moved',
  'grade-posted',
  'balance-changed',
  'balance-due',
  'balance-paid',
  'advisor-new',
] as const;
export const changeKindSchema = /* @__PURE__ */ z.enum(CHANGE_KINDS, {
  error: 'Choose a kind of change.',
});
export type ChangeKind = z.infer<typeof changeKindSchema>;

/** The longest a task is given: a year. */
export const MAX_DUE_DAYS = 365;

/**
 * The fields of `POST /admin/change-rules` (issue 74): a change kind (and an optional hold code or term) opens a
 * Next Steps task (title, body, their Spanish, link, category, due in N days); its counterpart kind,
 * when there is one, completes it.
 */
const ruleFields = {
  opens: changeKindSchema,
  closes: changeKindSchema.nullable(),
  code: adminTextSchema()
    .trim()
    .max(40, 'Keep the code under 40 characters.')
    .regex(/^[A-Za-z0-9_-]*$/, 'A code is letters, digits, - or _ only.')
    .transform((code) => (code === '' ? null : code))
    .nullable(),
  title: adminTextSchema('Enter the task’s title.')
    .trim()
    .min(1, 'Enter the task’s title.')
    .max(200, 'Keep the title under 200 characters.'),
  body: adminTextSchema('Enter what the task asks.')
    .trim()
    .min(1, 'Enter what the task asks.')
    .max(5000, 'Keep the body under 5,000 characters.'),
  /** Issue 87: the task's Spanish title and body, for a student who reads the portal in Spanish. */
  ...spanishFields(5000),
  link: adminTextSchema('Enter the task’s link.')
    .trim()
    .min(1, 'Enter the task’s link.')
    .pipe(linkInputSchema('Use an http(s) address or a portal path such as /account.')),
  category: adminTextSchema()
    .trim()
    .max(200, 'Keep the category under 200 characters.')
    .transform((name) => (name === '' ? null : name))
    .nullable(),
  /**
   * Issue 89: a Next Steps task staff wrote (`ns_tasks.id`) that the rule completes for the student
   * on its counterpart, and opens again on its change, in place of a task of its own. Absent or null:
   * the rule's own task.
   */
  task_id: z
    .number({ error: 'Choose a Next Steps task, or none.' })
    .int('Choose a Next Steps task, or none.')
    .positive('Choose a Next Steps task, or none.')
    .nullable()
    .optional(),
  due_in_days: z
    .number({ error: `Enter a number of days from 0 to ${MAX_DUE_DAYS}.` })
    .int(`Enter a number of days from 0 to ${MAX_DUE_DAYS}.`)
    .min(0, `Enter a number of days from 0 to ${MAX_DUE_DAYS}.`)
    .max(MAX_DUE_DAYS, `Enter a number of days from 0 to ${MAX_DUE_DAYS}.`),
};

const counterpart = (
  rule: {
    opens: ChangeKind;
    closes: ChangeKind | null;
    title_es: string | null;
    body_es: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  needsSpanishTitle(rule, ctx);
  if (rule.closes === rule.opens)
    ctx.addIssue({
      code: 'custom',
      path: ['closes'],
      message: 'The change that completes the task must differ from the one that opens it.',
    });
};

export const adminChangeRuleInputSchema = /* @__PURE__ */ z
  .strictObject(ruleFields)
  .superRefine(counterpart);
export type AdminChangeRuleInput = z.infer<typeof adminChangeRuleInputSchema>;

/** An edit carries the version it was read at. */
export const adminChangeRuleUpdateSchema = /* @__PURE__ */ z
  .strictObject({ ...ruleFields, version: versionSchema })
  .superRefine(counterpart);
