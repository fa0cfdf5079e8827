import type { InboundItem } from '../../contract/inbound.schema.js';
import type { NewPublisher } from '../db/repositories/inbound-publishers.repository.js';
import { complete } from '../inbound/completions.js';
import { publish } from '../inbound/publish.js';
import type { PublishContext } from '../inbound/publish.js';
import { portalPublisher } from '../inbound/publisher.js';
import type { Publisher } from '../inbound/publisher.js';
import type { RecordItems } from '../sis/record-items.js';

/**
 * The portal's publisher of what the SIS itself asks of or tells a student (PeopleSoft's checklist
 * and notifications, issue 91): its tasks' completions are the record's, which the student cannot
 * undo, as with the tasks the record's changes open (tasks.ts).
 */
const PUBLISHER: NewPublisher = {
  name: 'sis-record',
  label: 'Student record',
  scopes: ['tasks:write', 'tasks:complete', 'messages:write'],
  roles: ['student', 'student_worker'],
  groups: [],
  maxRecipients: 1,
};

/** Why the record completed a checklist task (`ns_user_tasks.completed_because`). */
const BECAUSE = JSON.stringify({ kind: 'checklist-completed' });

export interface Published {
  opened: number;
  completed: number;
  told: number;
}

const audience = (username: string) => ({ users: [username], roles: [], groups: [] });

/** The item `sourceId` of the publisher, unless retracted. */
const storedOf = (ctx: PublishContext, publisher: Publisher, sourceId: string) =>
  ctx.repos.inboundItems
    .find(publisher.id, sourceId)
    .then((row) => (row && row.retracted_at === null ? row : undefined));

/** The checklist's items to do as tasks; those done in the SIS completed here, once. */
async function publishTasks(
  ctx: PublishContext,
  publisher: Publisher,
  username: string,
  tasks: RecordItems['tasks'],
  out: Published,
): Promise<void> {
  for (const task of tasks) {
    const sourceId = `${task.source ?? 'checklist'}:${username}:${task.id}`.slice(0, 128);
    const found = await storedOf(ctx, publisher, sourceId);
    if (!found) {
      if (task.done) continue;
      const item: InboundItem = {
        kind: 'task',
        source_id: sourceId,
        audience: audience(username),
        title: task.title,
        body: task.body,
        channels: [],
        ...(task.dueOn ? { due_on: task.dueOn } : {}),
        ...(task.es ? { translations: { es: task.es } } : {}),
        ...(task.link ? { action_link: task.link } : {}),
      };
      await publish(ctx, publisher, item);
      out.opened += 1;
    } else if (task.done && (await ctx.repos.inboundDelivery.stats(found)).completed === 0) {
      await complete(ctx, publisher, sourceId, { users: [username] }, BECAUSE);
      out.completed += 1;
    }
  }
}

/** The notifications not yet told, as messages. */
async function publishMessages(
  ctx: PublishContext,
  publisher: Publisher,
  username: string,
  messages: RecordItems['messages'],
  out: Published,
): Promise<void> {
  for (const message of messages) {
    const sourceId = `notification:${username}:${message.id}`.slice(0, 128);
    if (await storedOf(ctx, publisher, sourceId)) continue;
    const item: InboundItem = {
      kind: 'message',
      source_id: sourceId,
      audience: audience(username),
      title: message.title,
      body: message.body,
      channels: [],
    };
    await publish(ctx, publisher, item);
    out.told += 1;
  }
}

/**
 * One student's items published, each once, as the record's changes are (tell.ts): a checklist item
 * still to do becomes a Next Steps task for them alone (due on its day); once the SIS has it
 * completed (or waived) the task is completed here ("Completed: your record changed"); an item
 * completed before it was ever published opens nothing. A notification becomes a message in their
 * Messages, once. An item already published is never posted again (that would replace it for them).
 * The tasks failing (no Next Steps category) keeps no message back; the first failure is thrown.
 */
export async function publishRecordItems(
  ctx: PublishContext,
  username: string,
  items: RecordItems,
): Promise<Published> {
  const out: Published = { opened: 0, completed: 0, told: 0 };
  if (items.tasks.length === 0 && items.messages.length === 0) return out;
  const publisher = await portalPublisher(ctx.repos, ctx.now, PUBLISHER);
  const settled = await Promise.allSettled([
    publishTasks(ctx, publisher, username, items.tasks, out),
    publishMessages(ctx, publisher, username, items.messages, out),
  ]);
  for (const r of settled) {
    if (r.status === 'rejected') {
      const reason: unknown = r.reason;
      throw reason;
    }
  }
  return out;
}
