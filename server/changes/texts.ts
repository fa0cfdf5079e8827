import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import type { Change } from './kinds.js';

/**
 * The campus's names for record values in one language, by the record's English value (the campus
 * configuration's `recordNames`: "Registration Hold" is "Retención de inscripción").
 */
export type RecordNames = Readonly<Record<string, string>>;

/** A record's value as a reader of the names' language reads it: the campus's name, else the English. */
export const recordName = (value: string, names: RecordNames): string =>
  Object.hasOwn(names, value) ? (names[value] ?? value) : value;

/**
 * The names a change's Spanish text quotes in English (issue 87): a hold's name or a course's title
 * the campus gives no Spanish name for, which a page marks `lang="en"`. A balance change quotes
 * nothing, and an advisor's name is a person's, in no language.
 */
export const englishNamesOf = (changes: readonly Change[], names: RecordNames): string[] =>
  changes
    .filter((c) => !c.kind.startsWith('balance-') && c.kind !== 'advisor-new')
    .filter((c) => c.label !== '' && !Object.hasOwn(names, c.label))
    .map((c) => c.label);

/** The topic every change message is under, and its title. */
export function topicTitle(language: Language): string {
  const i18n = translator(language);
  return i18n._({ id: 'changes.topic', message: 'Changes to your record' });
}

/**
 * What the message says of one change, in the reader's language. A grade posted names the course,
 * never the grade; a balance change names no amount (Finances shows it). The value it quotes (a
 * hold's name) is the campus's name for it in that language where the campus gives one (`names`).
 */
export function changeText(change: Change, language: Language, names: RecordNames = {}): string {
  const i18n = translator(language);
  const name = recordName(change.label, names);
  switch (change.kind) {
    case 'hold-added':
      return i18n._({
        id: 'changes.hold-added',
        message: 'A hold was added: {name}',
        values: { name },
      });
    case 'hold-removed':
      return i18n._({
        id: 'changes.hold-removed',
        message: 'A hold was removed: {name}',
        values: { name },
      });
    case 'class-added':
      return i18n._({
        id: 'changes.class-added',
        message: 'You were registered for {name}',
        values: { name },
      });
    case 'class-dropped':
      return i18n._({
        id: 'changes.class-dropped',
        message: '{name} is no longer on your schedule: it was dropped or cancelled',
        values: { name },
      });
    case 'class-moved':
      return i18n._({
        id: 'changes.class-moved',
        message: 'The time or room of {name} changed',
        values: { name },
      });
    case 'grade-posted':
      return i18n._({
        id: 'changes.grade-posted',
        message: 'A final grade was posted for {name}',
        values: { name },
      });
    case 'balance-changed':
      return i18n._({
        id: 'changes.balance-changed',
        message: 'Your account balance changed or a payment posted',
      });
    case 'balance-due':
      return i18n._({
        id: 'changes.balance-due',
        message: 'A new amount is due on your account',
      });
    case 'balance-paid':
      return i18n._({
        id: 'changes.balance-paid',
        message: 'Your account is paid: no amount is due',
      });
    case 'advisor-new':
      return i18n._({
        id: 'changes.advisor-new',
        message: 'You have a new advisor: {name}',
        values: { name },
      });
  }
}

/** The one message a burst becomes: how many changes, each named on its own line. */
export function burstText(
  changes: readonly Change[],
  language: Language,
  names: RecordNames = {},
): string {
  return burstOfLines(
    changes.map((c) => `- ${changeText(c, language, names)}`),
    language,
  );
}

/** A burst's message from its lines ("- A hold was added: …"), the count heading them. */
export function burstOfLines(lines: readonly string[], language: Language): string {
  const count = lines.length;
  const i18n = translator(language);
  const head = i18n._({
    id: 'changes.burst',
    message: '{count} changes to your record:',
    values: { count },
  });
  return [head, ...lines].join('\n');
}

/** A burst message's lines, without its heading. */
export const linesOfBurst = (body: string): string[] =>
  body.split('\n').filter((line) => line.startsWith('- '));
