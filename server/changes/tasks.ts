import type { InboundItem } from '../../contract/inbound.schema.js';
import type { CompletedBecause } from '../../contract/next-steps/task.schema.js';
import { translationsOf } from '../../contract/translations.schema.js';
import type { Repositories } from '../db/repositories.js';
import { complete } from '../inbound/completions.js';
import { publish } from '../inbound/publish.js';
import type { PublishContext } from '../inbound/publish.js';
import { portalPublisher } from '../inbound/publisher.js';
import type { Publisher } from '../inbound/publisher.js';
import type { ChangeRuleInput, ChangeRuleRow } from '../db/repositories/change-rules.repository.js';
import type { NewPublisher } from '../db/repositories/inbound-publishers.repository.js';
import { CHANGE_KINDS } from './kinds.js';
import type { Change, ChangeKind } from './kinds.js';

/**
 * A rule turning a change into a Next Steps task (issue 74): the change kind (and, for a hold, its
 * code) that opens the task, and the kind that completes it ("Completed: Registrar removed this
 * hold").
 */
export interface TaskRule {
  /** The stored rule's id (`change_rules`): two rules for one change open two tasks. */
  id?: number;
  opens: ChangeKind;
  /** None: no change completes the task (the student does). */
  closes?: ChangeKind;
  /** A hold's code, or a term; none: any subject of the kind. */
  code?: string;
  title: string;
  body: string;
  /** The task's Spanish title and body (issue 87); none: a Spanish student reads the English. */
  es?: { title: string; body: string };
  link: string;
  /** A Next Steps category by name; none: the first one. */
  category?: string;
  dueInDays: number;
  /**
   * A Next Steps task staff wrote (`ns_tasks.id`, migration 054) the rule completes for the student
   * on its `closes` change, and opens again (when the record completed it) on its `opens` change,
   * in place of a task of its own.
   */
  task?: number;
}

/** A sample rule: the staff task it completes named by its title (the sample data's), not its id. */
export type SeedRule = TaskRule & { taskTitle?: string };

/**
 * The sample data's rules: its registration hold, an accounts receivable hold, and its "Pay your term
 * bill" task completed when the amount due is paid (issue 89), opened again by a new bill (seeded once).
 */
export const SEED_RULES: readonly SeedRule[] = [
  {
    opens: 'hold-added',
    closes: 'hold-removed',
    code: 'RH',
    title: 'Clear your registration hold',
    body: 'A registration hold keeps you from registering. See what it asks of you on your Account page.',
    es: {
      title: 'Resuelva su retención de inscripción',
      body: 'Una retención de inscripción le impide inscribirse. Vea lo que le pide en su página Cuenta.',
    },
    link: '/account#holds',
    dueInDays: 14,
  },
  {
    opens: 'hold-added',
    closes: 'hold-removed',
    code: 'AR',
    title: 'Pay your past-due balance',
    body: 'A hold for a past-due balance was added. Pay it, or arrange a payment plan, on Finances.',
    es: {
      title: 'Pague su saldo vencido',
      body: 'Se añadió una retención por un saldo vencido. Páguelo, o acuerde un plan de pagos, en Finanzas.',
    },
    link: '/finances',
    dueInDays: 14,
  },
  {
    opens: 'balance-due',
    closes: 'balance-paid',
    taskTitle: 'Pay your term bill',
    title: 'Pay your term bill',
    body: 'Pay the balance on your student account or set up a payment plan.',
    es: {
      title: 'Pague su factura del período académico',
      body: 'Pague el saldo de su cuenta de estudiante o acuerde un plan de pagos.',
    },
    link: '/finances',
    dueInDays: 14,
  },
];

/**
 * The portal's own publisher of these tasks: their completions are its ("Completed in Student
 * record" to a client that does not know `completed_because`), so the student cannot undo them.
 */
const PUBLISHER: NewPublisher = {
  name: 'student-record',
  label: 'Student record',
  scopes: ['tasks:write', 'tasks:complete'],
  roles: ['student', 'student_worker'],
  groups: [],
  maxRecipients: 1,
};

const matches = (rule: TaskRule, change: Change) =>
  rule.code === undefined || rule.code === change.subject || rule.code === change.term;

const isKind = (value: string | null): value is ChangeKind =>
  value !== null && (CHANGE_KINDS as readonly string[]).includes(value);

/** A stored rule (`change_rules`) as the rules read it; one naming no known kind is none. */
export function ruleOf(row: ChangeRuleRow): TaskRule | undefined {
  if (!isKind(row.opens)) return undefined;
  const es = translationsOf(row.translations).es;
  return {
    id: row.id,
    opens: row.opens,
    ...(isKind(row.closes) ? { closes: row.closes } : {}),
    ...(row.code === null ? {} : { code: row.code }),
    title: row.title,
    body: row.body,
    ...(es ? { es: { title: es.title, body: es.body } } : {}),
    link: row.link,
    ...(row.category === null ? {} : { category: row.category }),
    dueInDays: row.due_in_days,
    ...(row.task_id === null ? {} : { task: row.task_id }),
  };
}

/**
 * Why a rule could not open its task, or undefined: a task opens in a Next Steps category (the one
 * the rule names, by name or slug as the publishing finds it, or the first), so a rule saved with
 * none would open nothing, with only a log line to say why (issue 87).
 */
export function categoryMissing(
  categories: readonly { name: string; slug?: string }[],
  category: string | null,
): 'no-category' | 'unknown-category' | undefined {
  if (categories.length === 0) return 'no-category';
  const named = (c: { name: string; slug?: string }) => c.name === category || c.slug === category;
  if (category !== null && !categories.some(named)) return 'unknown-category';
  return undefined;
}

/** The rules staff wrote (`/admin/change-rules`). */
export async function storedRules(repos: Repositories): Promise<TaskRule[]> {
  return (await repos.changeRules.list()).map(ruleOf).filter((r) => r !== undefined);
}

/** A rule as the store keeps it (the sample data's seed); `task` the staff task's id, if any. */
export const rowOf = (rule: TaskRule, task?: number): ChangeRuleInput => ({
  opens: rule.opens,
  closes: rule.closes ?? null,
  code: rule.code ?? null,
  title: rule.title,
  body: rule.body,
  title_es: rule.es?.title ?? null,
  body_es: rule.es?.body ?? null,
  link: rule.link,
  category: rule.category ?? null,
  due_in_days: rule.dueInDays,
  task_id: task ?? rule.task ?? null,
});

/** The sample rules as the store keeps them, each staff task named by title found by its id. */
export async function seedRows(repos: Repositories): Promise<ChangeRuleInput[]> {
  const rows: ChangeRuleInput[] = [];
  for (const { taskTitle, ...rule } of SEED_RULES) {
    const task =
      taskTitle === undefined ? undefined : await repos.changeRules.staffTaskNamed(taskTitle);
    // A sample whose staff task is gone would open a task of its own instead: left out.
    if (taskTitle !== undefined && task === undefined) continue;
    rows.push(rowOf(rule, task));
  }
  return rows;
}
/** The task's id at its publisher: `record:<user>:<kind>:<subject>`, then `:r<rule id>`. */
const sourceId = (username: string, rule: TaskRule, change: Change, legacy = false) =>
  `record:${username}:${rule.opens}:${change.subject}${legacy || rule.id === undefined ? '' : `:r${rule.id}`}`.slice(
    0,
    128,
  );

/**
 * Why the record completed a task, as `ns_user_tasks.completed_because` keeps it (the contract's):
 * the change's kind, and a removed hold's office, which the student reads ("Completed: Registrar
 * removed this hold"; without it, "Completed: your record changed").
 */
const becauseOf = (change: Change): string =>
  JSON.stringify({
    kind: change.kind,
    ...(change.kind === 'hold-removed' && change.office ? { office: change.office } : {}),
  } satisfies CompletedBecause);

/** The campus day `days` after `now`, as `YYYY-MM-DD`. */
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A staff task a rule names (migration 054): completed for the student by the record on the rule's
 * `closes` change ("Completed in Student record", which the student cannot undo), and opened again
 * on its `opens` change when the record, not the student, had completed it.
 */
async function staffTask(
  ctx: PublishContext,
  username: string,
  rule: TaskRule,
  task: number,
  change: Change,
): Promise<void> {
  const user = await ctx.repos.users.findByUsername(username);
  if (!user) return;
  if (rule.closes === change.kind)
    await ctx.repos.changeRules.completeStaffTask(user.id, task, {
      at: ctx.now.toISOString(),
      by: PUBLISHER.label,
      because: becauseOf(change),
    });
  else if (rule.opens === change.kind)
    await ctx.repos.changeRules.reopenStaffTask(user.id, task, PUBLISHER.label);
}

/**
 * Opens and completes the tasks the rules name for the changes raised for one student, through the
 * inbound publishing (a task for exactly this student; its completion as the record's).
 */
export async function applyTaskRules(
  ctx: PublishContext,
  username: string,
  changes: readonly Change[],
  rules: readonly TaskRule[],
): Promise<void> {
  let publisher: Publisher | undefined;
  for (const change of changes) {
    for (const rule of rules) {
      if (!matches(rule, change)) continue;
      if (rule.task !== undefined) {
        await staffTask(ctx, username, rule, rule.task, change);
        continue;
      }
      if (rule.opens === change.kind) {
        publisher ??= await portalPublisher(ctx.repos, ctx.now, PUBLISHER);
        const item: InboundItem = {
          kind: 'task',
          source_id: sourceId(username, rule, change),
          audience: { users: [username], roles: [], groups: [] },
          title: rule.title,
          body: rule.body,
          // A Spanish student reads the Spanish the rule gives (the publishing's translations).
          ...(rule.es ? { translations: { es: rule.es } } : {}),
          action_link: rule.link,
          channels: [],
          due_on: dayAfter(ctx.now, rule.dueInDays),
          ...(rule.category === undefined ? {} : { category: rule.category }),
        };
        await publish(ctx, publisher, item);
      } else if (rule.closes === change.kind) {
        publisher ??= await portalPublisher(ctx.repos, ctx.now, PUBLISHER);
        // A task opened before rules were stored (1.2.0) has the id without the rule's.
        for (const id of new Set([
          sourceId(username, rule, change),
          sourceId(username, rule, change, true),
        ]))
          if (await ctx.repos.inboundItems.find(publisher.id, id))
            await complete(ctx, publisher, id, { users: [username] }, becauseOf(change));
      }
    }
  }
}
