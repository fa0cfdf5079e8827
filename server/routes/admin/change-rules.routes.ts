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

/** A save refused because its task would open in no category (`categoryMissing`). */
const REFUSED: Record<'no-category' | 'unknown-category', FieldErrors> = {
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
  const form = async (request: FastifyRequest) => ({
    csrf: csrfOf(request),
    categories: (await categories()).map((c) => c.name),
  });
  /** Stores the rule only when its task has a category to open in. */
  const checked = async <T>(category: string | null, store: () => Promise<CrudSave<T>>) => {
    const missing = categoryMissing(await categories(), category);
    return missing ? { ok: false as const, reason: missing } : store();
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
      RuleForm({ ...(await form(request)), state, rule, problem }),
    find: (id) => rules.find(id),
    create: {
      fields: RULE_FORM,
      schema: adminChangeRuleInputSchema,
      save: (input) =>
        checked(input.category, async () => ({
          ok: true,
          item: await rules.create(input, app.clock()),
        })),
    },
    update: {
      fields: RULE_UPDATE_FORM,
      schema: adminChangeRuleUpdateSchema,
      save: (id, input, version) =>
        checked(input.category, () => rules.update(id, input, version, app.clock())),
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
