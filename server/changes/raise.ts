import { z } from 'zod';
import type { Language } from '../../contract/language.schema.js';
import { englishPartsSchema } from '../../contract/translations.schema.js';
import type {
  ChangeMessage,
  RaisedChange,
  StoredSummary,
} from '../db/repositories/record-changes.repository.js';
import type { Repositories } from '../db/repositories.js';
import { planMessage } from '../notify/message-planner.js';
import { compare } from './compare.js';
import { parseFingerprint } from './fingerprint.js';
import type { Fingerprint } from './fingerprint.js';
import { channelsOf, linkOf } from './kinds.js';
import type { Change } from './kinds.js';
import {
  burstOfLines,
  burstText,
  changeText,
  englishNamesOf,
  linesOfBurst,
  topicTitle,
} from './texts.js';
import type { RecordNames } from './texts.js';

/** More changes than this for one student within `BURST_MS` become one summary message. */
export const BURST_LIMIT = 5;
export const BURST_MS = 60 * 60_000;

export interface Student {
  id: number;
  username: string;
}

/** The Spanish text's English parts, kept only when there are any (within the schema's bounds). */
function withEnglish(names: readonly string[]) {
  const english = [...new Set(names)].filter((n) => n.length <= 200).slice(0, 50);
  return english.length > 0 ? { english } : {};
}

/**
 * One change's message: its text the title, the topic the body, Spanish beside the English (naming
 * a hold by the campus's Spanish name, `es`; a name the campus gives none for is kept English, and
 * said to be, issue 87).
 */
function messageOf(username: string, change: Change, es: RecordNames): ChangeMessage {
  const spanish = {
    title: changeText(change, 'es', es),
    body: topicTitle('es'),
    ...withEnglish(englishNamesOf([change], es)),
  };
  return {
    username,
    title: changeText(change, 'en'),
    body: topicTitle('en'),
    actionLink: linkOf(change),
    translations: JSON.stringify({ es: spanish }),
  };
}

/** A burst's one message: the topic the title, each change a line; the first urgent change's page. */
function summaryOf(
  username: string,
  changes: readonly Change[],
  names: RecordNames,
  earlier?: StoredSummary,
): ChangeMessage {
  const first = changes.find((c) => c.criticality === 'urgent') ?? changes[0];
  // A summary already told within the hour gains the new lines (kept in each language).
  const before = spanishOf(earlier?.translations);
  const es = before?.body;
  const lines = (language: Language, before: string | undefined) => [
    ...linesOfBurst(before ?? ''),
    ...linesOfBurst(burstText(changes, language, language === 'es' ? names : {})),
  ];
  return {
    username,
    title: topicTitle('en'),
    body: burstOfLines(lines('en', earlier?.body), 'en'),
    actionLink: first ? linkOf(first) : '/messages',
    translations: JSON.stringify({
      es: {
        title: topicTitle('es'),
        body: burstOfLines(lines('es', es), 'es'),
        ...withEnglish([...(before?.english ?? []), ...englishNamesOf(changes, names)]),
      },
    }),
  };
}

const storedSpanish = z.object({
  es: z.object({ body: z.string(), english: englishPartsSchema.optional() }),
});

/** A stored message's Spanish body and its English parts, if it has one. */
function spanishOf(
  translations: string | null | undefined,
): { body: string; english?: string[] | undefined } | undefined {
  try {
    return storedSpanish.safeParse(JSON.parse(translations ?? '{}')).data?.es;
  } catch {
    return undefined;
  }
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
  /** The campus's Spanish names for record values (a hold's): what a Spanish message quotes. */
  es: RecordNames = {},
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
  // A burst spread over several comparisons (grades posted through the hour) stays one summary.
  const earlier = burst
    ? await repos.recordChanges.summarySince(student.id, new Date(now.getTime() - BURST_MS))
    : undefined;
  const messages = burst
    ? [summaryOf(student.username, changes, es, earlier)]
    : changes.map((c) => messageOf(student.username, c, es));
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
    ...(earlier ? { foldInto: earlier.id } : {}),
  });
  // A change's message also goes out through the notification jobs, as an admin message's "also
  // notify" does, to whoever has not stopped the `records` topic ("Changes to your record"), texts
  // and pushes after quiet hours: an urgent change by email, text and push, news by push alone
  // (kinds.ts). A summary goes as its most critical change.
  for (const w of written) {
    const told = burst ? changes : changes.slice(w.message, w.message + 1);
    if (told.length === 0) continue;
    const urgent = told.some((c) => c.criticality === 'urgent');
    await planMessage(
      repos,
      repos.notifyJobs,
      w.id,
      { audience: 'person', username: student.username },
      now,
      'records',
      channelsOf(urgent ? 'urgent' : 'normal'),
    );
  }
  return written.length > 0 ? changes : [];
}
