import type { ReactNode } from 'react';
import type { FieldErrors } from '../../../admin/forms.js';

/**
 * Where every action of the publishers' pages sends focus (issue 76): each form posts to its address
 * with this fragment, a redirect keeps it, and the answer's error summary or confirmation carries the
 * id, focusable and autofocused, so a keyboard or screen-reader user lands on what happened instead
 * of the top of the page.
 */
export const OUTCOME = 'outcome';
export const withOutcome = (action: string) => `${action}#${OUTCOME}`;

/** What each field of the publisher's form asks for, in words for the person who filled it in. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  name: 'Give a name of 2 to 40 lower-case letters, digits or hyphens, starting with a letter (for example housing).',
  label: 'Say what students see it as, in 100 characters at most.',
  scopes: 'Choose at least one scope: what the publisher may post.',
  roles: 'Choose the roles it may reach from the list.',
  groups:
    'Give each group as a Next Steps student type of 100 characters at most, separated by commas.',
  maxRecipients: 'Give the most recipients per item as a whole number from 1 to 1,000,000.',
};

/** The form's errors in plain words, each still under its field's name (the schema's are terse). */
export function publisherFieldErrors(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.keys(fields).map((name) => [name, FIELD_WORDS[name] ?? 'Check this field.']),
  );
}

/** The confirmation of the action just done (`?done=`), for a publisher called `label`. */
export function doneNotice(done: string | undefined, label: string): string | undefined {
  switch (done) {
    case 'created':
      return `Publisher ${label} added. Issue its first key below: its system needs one to publish.`;
    case 'saved':
      return `Changes to ${label} saved. They hold from its next call.`;
    case 'revoked':
      return 'Key revoked: calls with it are refused from now on.';
    case 'withdrawn':
      return 'Item withdrawn: students no longer see it.';
    default:
      return undefined;
  }
}

/** A confirmation (role=status) or a refusal (role=alert), where focus lands after the action. */
export function Outcome(props: { kind: 'done' | 'problem'; children: ReactNode }) {
  return (
    <div
      id={OUTCOME}
      tabIndex={-1}
      autoFocus
      className={props.kind === 'done' ? 'notice done' : 'notice problem'}
      role={props.kind === 'done' ? 'status' : 'alert'}
    >
      {props.children}
    </div>
  );
}

/** The key just issued, shown this once, with how to copy it. */
export function NewKey(props: { secret: string; label: string }) {
  return (
    <Outcome kind="done">
      <h2>Key issued</h2>
      <p>
        Copy it now into {props.label}'s system: it is shown only this once, and only its hash is
        kept. Click the key to select all of it, then copy it (Ctrl+C, or ⌘C on a Mac).
      </p>
      <p>
        <code data-new-key>{props.secret}</code>
      </p>
    </Outcome>
  );
}
