import type {
  InboundCompletions,
  InboundCompletionsAnswer,
} from '../../contract/inbound.schema.js';
import type { Repositories } from '../db/repositories.js';
import { InboundRefusal } from './audience.js';
import type { PublishContext } from './publish.js';
import { requireScopes } from './publish.js';
import type { Publisher } from './publisher.js';

/**
 * A task marked done in the publisher's system for these people: "Completed in <publisher>"; with
 * `because` (JSON), the student's record did it (issue 74, `ns_user_tasks.completed_because`).
 */
export async function complete(
  ctx: PublishContext,
  publisher: Publisher,
  sourceId: string,
  body: InboundCompletions,
  because?: string,
): Promise<InboundCompletionsAnswer> {
  requireScopes(publisher, ['tasks:complete']);
  const item = await ctx.repos.inboundItems.find(publisher.id, sourceId);
  if (!item || item.retracted_at !== null)
    throw new InboundRefusal(404, `No item ${sourceId} of this publisher.`);
  if (item.kind !== 'task')
    throw new InboundRefusal(400, `${sourceId} is a ${item.kind}, not a task.`);
  const names = [...new Set(body.users)];
  const found = await ctx.repos.inboundItems.usersByName(names);
  const at = (body.completed_at ? new Date(body.completed_at) : ctx.now).toISOString();
  const marked = await ctx.repos.inboundDelivery.complete(
    item.id,
    [...found.values()],
    at,
    publisher.label,
    because,
  );
  const markedSet = new Set(marked);
  const unknown = names.filter((n) => {
    const id = found.get(n);
    return id === undefined || !markedSet.has(id);
  });
  return {
    source_id: sourceId,
    completed: marked.length,
    warnings: unknown.length > 0 ? [{ code: 'unknown_user', usernames: unknown }] : [],
  };
}

/** Retracts an item for everyone: its task disappears, its message is withdrawn, its alert ends. */
export async function retract(repos: Repositories, itemId: number, now: Date): Promise<void> {
  await repos.inboundDelivery.withdraw(itemId);
  await repos.inboundItems.markRetracted(itemId, now);
}
