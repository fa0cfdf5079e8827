import type { DegreeProgress, DegreeRule } from '../../contract/sis/degree-progress.schema.js';
import type { Language } from '../../contract/language.schema.js';
import { translator } from '../i18n/catalogue.js';
import type { RecordTask } from '../sis/record-items.js';

/** Where the task leads: Academics' degree progress section. */
const DEGREE_LINK = '/academics#degree-progress';
/** A body past this many requirements says "and N more" (the task's body is bounded). */
const LISTED_MAX = 8;

/** The requirements the audit shows still needed, not begun: each block's but the not-applied one. */
export const neededRules = (audit: DegreeProgress): DegreeRule[] =>
  audit.blocks
    .filter((block) => block.kind !== 'not-applied')
    .flatMap((block) => block.rules.filter((rule) => rule.state === 'needed'));

/** "CS 3358 Software Engineering (2 more courses from: CS 3358, CS 3398)", in the reader's language. */
function ruleWords(rule: DegreeRule, language: Language): string {
  const i18n = translator(language);
  const left = rule.remaining;
  if (!left) return rule.label;
  const from = left.from.join(', ');
  const values = { count: left.count, from };
  const remaining =
    left.unit === 'classes'
      ? from === ''
        ? i18n._({
            id: 'degree-task.courses',
            message: '{count, plural, one {# more course} other {# more courses}}',
            values,
          })
        : i18n._({
            id: 'degree-task.courses-from',
            message: '{count, plural, one {# more course} other {# more courses}} from: {from}',
            values,
          })
      : from === ''
        ? i18n._({
            id: 'degree-task.credits',
            message: '{count, plural, one {# more credit} other {# more credits}}',
            values,
          })
        : i18n._({
            id: 'degree-task.credits-from',
            message: '{count, plural, one {# more credit} other {# more credits}} from: {from}',
            values,
          });
  return `${rule.label} (${remaining})`;
}

function texts(needed: readonly DegreeRule[], language: Language) {
  const i18n = translator(language);
  const count = needed.length;
  const title = i18n._({
    id: 'degree-task.title',
    message:
      '{count, plural, one {Meet your advisor about # requirement still needed} other {Meet your advisor about # requirements still needed}}',
    values: { count },
  });
  const listed = needed.slice(0, LISTED_MAX).map((rule) => `- ${ruleWords(rule, language)}`);
  const more = count - listed.length;
  const lines = [
    i18n._({
      id: 'degree-task.body',
      message:
        'Your degree audit shows these requirements still needed and none of them in progress. Plan them with your advisor for your last terms:',
    }),
    ...listed,
    ...(more > 0
      ? [i18n._({ id: 'degree-task.more', message: 'and {more} more', values: { more } })]
      : []),
  ];
  return { title, body: lines.join('\n') };
}

/**
 * Issue 92: in a student's last two terms (at most `lastTermsCredits` from the credits their degree
 * requires), the requirements their audit shows still needed and not in progress become one Next
 * Steps task to meet their advisor, in English and Spanish, leading to Academics' degree progress.
 * It is done once the audit shows none still needed (each begun, or met). Null before the last two
 * terms: nothing is asked of a student with years to go. `lastTermsCredits` 0 asks nothing.
 */
export function degreeTaskOf(audit: DegreeProgress, lastTermsCredits: number): RecordTask | null {
  const left = audit.credits_required - audit.credits_applied;
  if (lastTermsCredits <= 0 || left > lastTermsCredits) return null;
  const needed = neededRules(audit);
  const english = texts(needed, 'en');
  return {
    id: 'needed',
    source: 'degree-audit',
    ...english,
    es: texts(needed, 'es'),
    link: DEGREE_LINK,
    dueOn: null,
    done: needed.length === 0,
  };
}
