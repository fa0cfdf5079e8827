import type { InboundItem } from '../../contract/inbound.schema.js';
import type { Repositories } from '../db/repositories.js';
import { complete } from '../inbound/completions.js';
import { publish } from '../inbound/publish.js';
import type { PublishContext } from '../inbound/publish.js';
import { toPublisher } from '../inbound/publisher.js';
import type { Publisher } from '../inbound/publisher.js';
import type { Change, ChangeKind } from './kinds.js';

/**
 * A rule turning a change into a Next Steps task (issue 74): the change kind (and, for a hold, its
 * code) that opens the task, and the kind that completes it ("Completed in Student record").
 */
export interface TaskRule {
  opens: ChangeKind;
  closes: ChangeKind;
  /** A hold's code; none: any subject of the kind. */
  code?: string;
  title: string;
  body: string;
  link: string;
  /** A Next Steps category by name; none: the first one. */
  category?: string;
  dueInDays: number;
}

/** The seed rules: the sample data's registration hold and an accounts receivable hold. */
export const SEED_RULES: readonly TaskRule[] = [
  {
    opens: 'hold-added',
    closes: 'hold-removed',
    code: 'RH',
    title: 'Clear your registration hold',
    body: 'A registration hold keeps you from registering. See what it asks of you on your Account page.',
    link: '/account#holds',
    dueInDays: 14,
  },
  {
    opens: 'hold-added',
    closes: 'hold-removed',
    code: 'AR',
    title: 'Pay your past-due balance',
    body: 'A hold for a past-due balance was added. Pay it, or arrange a payment plan, on Finances.',
    link: '/finances',
    dueInDays: 14,
  },
];

/** The portal's own publisher of these tasks: their completions read "Completed in Student record". */
const PUBLISHER = {
  name: 'student-record',
  label: 'Student record',
  scopes: ['tasks:write', 'tasks:complete'],
  roles: ['student', 'student_worker'],
  groups: [],
  maxRecipients: 1,
};

async function publisherOf(repos: Repositories, now: Date): Promise<Publisher> {
  const found = await repos.inboundPublishers.byName(PUBLISHER.name);
  if (found) return toPublisher(found);
  await repos.inboundPublishers.create(PUBLISHER, now);
  const row = await repos.inboundPublishers.byName(PUBLISHER.name);
  if (!row) throw new Error('the student record publisher was not stored');
  return toPublisher(row);
}

const matches = (rule: TaskRule, change: Change) =>
  rule.code === undefined || rule.code === change.subject;
const sourceId = (username: string, rule: TaskRule, change: Change) =>
  `record:${username}:${rule.opens}:${change.subject}`.slice(0, 128);

/** The campus day `days` after `now`, as `YYYY-MM-DD`. */
const dayAfter = (now: Date, days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Opens and completes the tasks the rules name for the changes raised for one student, through the
 * inbound publishing (a task for exactly this student; its completion as the record's).
 */
export async function applyTaskRules(
  ctx: PublishContext,
  username: string,
  changes: readonly Change[],
  rules: readonly TaskRule[] = SEED_RULES,
): Promise<void> {
  let publisher: Publisher | undefined;
  for (const change of changes) {
    for (const rule of rules) {
      if (!matches(rule, change)) continue;
      if (rule.opens === change.kind) {
        publisher ??= await publisherOf(ctx.repos, ctx.now);
        const item: InboundItem = {
          kind: 'task',
          source_id: sourceId(username, rule, change),
          audience: { users: [username], roles: [], groups: [] },
          title: rule.title,
          body: rule.body,
          action_link: rule.link,
          channels: [],
          due_on: dayAfter(ctx.now, rule.dueInDays),
          ...(rule.category === undefined ? {} : { category: rule.category }),
        };
        await publish(ctx, publisher, item);
      } else if (rule.closes === change.kind) {
        publisher ??= await publisherOf(ctx.repos, ctx.now);
        const id = sourceId(username, rule, change);
        if (await ctx.repos.inboundItems.find(publisher.id, id))
          await complete(ctx, publisher, id, { users: [username] });
      }
    }
  }
}
