/**
 * Next Steps changes made while the portal could not be reached (issue 44): done and bookmark are
 * kept, shown as made, and sent when the connection returns (src/machines/outbox.machine.ts).
 */
import type { UserTask } from '../../contract/next-steps/task.schema.js';

/** The flags a change made offline may wait to be sent for: done and bookmark. */
export type QueuedFlag = 'completed_on' | 'starred';

/**
 * A change made while the portal could not be reached, waiting to be sent: the field as the server
 * had it when the change was made (`base`), so that a record changed elsewhere meanwhile wins.
 */
export interface QueuedChange {
  id: number;
  field: QueuedFlag;
  change: { completed_on: string | null } | { starred: boolean };
  base: { completed_on: string | null } | { starred: boolean };
}

/** What is stored between visits: whose changes they are, and the changes. */
export interface StoredOutbox {
  owner: string;
  changes: QueuedChange[];
}

/** Where the changes are kept between visits, and how they are sent: the composition root's. */
export interface OutboxEffects {
  restore: () => Promise<StoredOutbox | null>;
  persist: (stored: StoredOutbox) => void;
  /** Sends the changes in order; those not settled (the portal still unreachable) stay. */
  replay: (changes: QueuedChange[]) => Promise<Settled[]>;
}

/** What became of a kept change once the portal could be reached. */
export type Settled =
  | { kind: 'sent'; change: QueuedChange; userTask: UserTask }
  | { kind: 'conflict'; change: QueuedChange; userTask: UserTask }
  | { kind: 'gone'; change: QueuedChange };

/** A change that was not sent: changed elsewhere meanwhile, or no longer in the list. */
export type Refused = Exclude<Settled, { kind: 'sent' }>;

/** Whether a value of the field turns its flag on: done at some time, or bookmarked. */
export const turnsOn = (value: QueuedChange['change']) =>
  'completed_on' in value ? value.completed_on !== null : value.starred;
