import type { ChangeMessage, RaisedChange } from '../db/repositories/record-changes.repository.js';
import type { Repositories } from '../db/repositories.js';
import { planMessage } from '../notify/message-planner.js';
import { compare } from './compare.js';
import { parseFingerprint } from './fingerprint.js';
import type { Fingerprint } from './fingerprint.js';
import { linkOf } from './kinds.js';
import type { Change } from './kinds.js';
import { burstText, changeText, topicTitle } from './texts.js';

/** More changes than this for one student within `BURST_MS` become one summary message. */
export const BURST_LIMIT = 5;
export const BURST_MS = 60 * 60_000;

export interface Student {
  id: number;
  username: string;
}

/** One change's message: its text the title, the topic the body, Spanish beside the English. */
function messageOf(username: string, change: Change): ChangeMessage {
  const es = { title: changeText(change, 'es'), body: topicTitle('es') };
  return {
    username,
    title: changeText(change, 'en'),
    body: topicTitle('en'),
    actionLink: linkOf(change),
    translations: JSON.stringify({ es }),
  };
}

/** A burst's one message: the topic the title, each change a line; the first urgent change's page. */
function summaryOf(username: string, changes: readonly Change[]): ChangeMessage {
  const first = changes.find((c) => c.criticality === 'urgent') ?? changes[0];
  const es = { title: topicTitle('es'), body: burstText(changes, 'es') };
  return {
    username,
    title: topicTitle('en'),
    body: burstText(changes, 'en'),
    actionLink: first ? linkOf(first) : '/messages',
    translations: JSON.stringify({ es }),
  };
}

/**
 * Compares a student's fresh fingerprint with the stored one and tells of what changed, each change
 * once (the store's key; `RecordChangesRepository.advance`). The first fingerprint is a baseline; an
 * unchanged record writes nothing. Answers the changes this call raised.
 */
export async function raiseChanges(
  repos: Repositories,
  student: Student,
  fresh: Fingerprint,
  now: Date,
): Promise<Change[]> {
  const text = JSON.stringify(fresh);
  const stored = await repos.recordChanges.stored(student.id);
  if (stored?.fingerprint === text) return [];
  const before = stored && parseFingerprint(stored.fingerprint);
  const changes = compare(before, fresh);
  const recent =
    changes.length === 0
      ? 0
      : await repos.recordChanges.raisedSince(student.id, new Date(now.getTime() - BURST_MS));
  const burst = recent + changes.length > BURST_LIMIT;
  const messages = burst
    ? [summaryOf(student.username, changes)]
    : changes.map((c) => messageOf(student.username, c));
  const raised: RaisedChange[] = changes.map((c, i) => ({
    kind: c.kind,
    subject: c.subject,
    message: burst ? 0 : i,
  }));
  const written = await repos.recordChanges.advance({
    userId: student.id,
    from: stored?.version,
    fingerprint: text,
    now,
    changes: raised,
    messages,
  });
  // An urgent change's message also goes out by email, text and push, as an admin message's "also
  // notify" does: to whoever has not stopped the messages topic, texts and pushes after quiet hours.
  for (const w of written) {
    const urgent = burst
      ? changes.some((c) => c.criticality === 'urgent')
      : changes[w.message]?.criticality === 'urgent';
    if (urgent)
      await planMessage(
        repos,
        repos.notifyJobs,
        w.id,
        { audience: 'person', username: student.username },
        now,
      );
  }
  return written.length > 0 ? changes : [];
}
