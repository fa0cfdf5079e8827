import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminDoneSchema } from '../../../contract/admin/admin.schema.js';
import {
  adminChangeRuleInputSchema,
  adminChangeRuleUpdateSchema,
} from '../../../contract/admin/change-rules.schema.js';
import { registerCrud } from '../../admin/crud.js';
import { csrfOf } from '../../admin/guard.js';
import {
  deleteRuleConfirm,
  NEW_RULE_VALUES,
  RULE_FORM,
  RULE_UPDATE_FORM,
  RuleForm,
  RuleList,
  RULES,
  ruleValues,
} from './change-rules-view.js';

/**
 * Change rules (issue 74): a change to a student's record opens a Next Steps task, its counterpart
 * completes it. List, add, edit (versioned) and remove, each audited (`admin.change-rule.*`).
 */
export default async function changeRulesRoutes(app: FastifyInstance) {
  const rules = app.repositories.changeRules;
  const categories = async () =>
    (await app.repositories.adminChoices.list('category')).map((c) => c.name);
  const form = async (request: FastifyRequest) => ({
    csrf: csrfOf(request),
    categories: await categories(),
  });

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
    listBody: async () => RuleList({ rules: await rules.list() }),
    blank: NEW_RULE_VALUES,
    values: ruleValues,
    form: async (request, state, rule, problem) =>
      RuleForm({ ...(await form(request)), state, rule, problem }),
    find: (id) => rules.find(id),
    create: {
      fields: RULE_FORM,
      schema: adminChangeRuleInputSchema,
      save: async (input) => ({ ok: true, item: await rules.create(input, app.clock()) }),
    },
    update: {
      fields: RULE_UPDATE_FORM,
      schema: adminChangeRuleUpdateSchema,
      save: (id, input, version) => rules.update(id, input, version, app.clock()),
    },
    remove: {
      title: 'Remove this rule?',
      back: 'go back to the change rules',
      confirm: deleteRuleConfirm,
      remove: (id, version) => rules.remove(id, version),
    },
  });
}
