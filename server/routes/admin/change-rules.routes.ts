import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminDoneSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminChangeRuleInputSchema,
  adminChangeRuleUpdateSchema,
} from '../../../contract/admin/change-rules.schema.js';
import { registerCrud } from '../../admin/crud.js';
import type { CrudSave } from '../../admin/crud.js';
import type { FieldErrors } from '../../admin/forms.js';
import { csrfOf } from '../../admin/guard.js';
import { categoryMissing } from '../../changes/tasks.js';
import {
  CHOICES,
  deleteRuleConfirm,
  NEW_RULE_VALUES,
  RULE_FORM,
  RULE_UPDATE_FORM,
  RuleForm,
  RuleList,
  RULES,
  ruleValues,
} from './change-rules-view.js';

/** How many staff tasks the rule form offers by title (a rule's own task is offered beside them). */
const TASK_CHOICES = 200;

/** A save refused because its task would open in no category (`categoryMissing`). */
const REFUSED: Record<'no-category' | 'unknown-category' | 'unknown-task', FieldErrors> = {
  'unknown-task': {
    task_id:
      'There is no Next Steps task by this number (it may have been removed): choose one of the tasks, or none.',
  },
  'no-category': {
    category: `There is no Next Steps category yet, so this rule would open no task: add one under Task choices (${CHOICES}) first, then save the rule again.`,
  },
  'unknown-category': {
    category: 'There is no Next Steps category by this name: choose one of the categories.',
  },
};

/**
 * Change rules (issue 74): a change to a student's record opens a Next Steps task, its counterpart
 * completes it. List, add, edit (versioned) and remove, each audited (`admin.change-rule.*`).
 */
export default async function changeRulesRoutes(app: FastifyInstance) {
  const rules = app.repositories.changeRules;
  const categories = () => app.repositories.adminChoices.list('category');
  /** The tasks a rule may complete: the first `TASK_CHOICES` by title, and the rule's own. */
  const tasks = async (own: number | null | undefined) => {
    const first = await app.repositories.adminTasks.search({}, app.clock(), TASK_CHOICES);
    const chosen =
      own && !first.some((t) => t.id === own) ? await app.repositories.adminTasks.find(own) : null;
    return [...first, ...(chosen ? [chosen] : [])].map((t) => [t.id, t.title] as const);
  };
  const form = async (request: FastifyRequest, own?: number | null) => ({
    csrf: csrfOf(request),
    categories: (await categories()).map((c) => c.name),
    tasks: await tasks(own),
  });
  /** Stores the rule only when its task has a category to open in, and the staff task it names exists. */
  const checked = async <T>(
    input: { category: string | null; task_id?: number | null | undefined },
    store: () => Promise<CrudSave<T>>,
  ) => {
    const missing = categoryMissing(await categories(), input.category);
    if (missing) return { ok: false as const, reason: missing };
    if (input.task_id && !(await app.repositories.adminTasks.find(input.task_id)))
      return { ok: false as const, reason: 'unknown-task' as const };
    return store();
  };

  registerCrud(app, {
    list: RULES,
    kind: 'change-rule',
    section: 'change-rules',
    done: { created: 'Rule added.', saved: 'Changes saved.', deleted: 'Rule removed.' },
    missing: {
      title: 'No such rule',
      detail: 'This rule does not exist (it may have been removed).',
      back: 'Back to the change rules',
    },
    titles: { list: 'Change rules', create: 'New change rule', edit: (r) => `Edit “${r.title}”` },
    query: z.object({ done: adminDoneSchema }),
    listBody: async () =>
      RuleList({ rules: await rules.list(), noCategory: (await categories()).length === 0 }),
    blank: NEW_RULE_VALUES,
    values: ruleValues,
    form: async (request, state, rule, problem) =>
      RuleForm({ ...(await form(request, rule?.task_id)), state, rule, problem }),
    find: (id) => rules.find(id),
    create: {
      fields: RULE_FORM,
      schema: adminChangeRuleInputSchema,
      save: (input) =>
        checked(input, async () => ({
          ok: true,
          item: await rules.create(input, app.clock()),
        })),
    },
    update: {
      fields: RULE_UPDATE_FORM,
      schema: adminChangeRuleUpdateSchema,
      save: (id, input, version) =>
        checked(input, () => rules.update(id, input, version, app.clock())),
    },
    refusals: REFUSED,
    remove: {
      title: 'Remove this rule?',
      back: 'go back to the change rules',
      confirm: deleteRuleConfirm,
      remove: (id, version) => rules.remove(id, version),
    },
  });
}
