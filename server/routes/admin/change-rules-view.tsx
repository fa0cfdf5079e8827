import type { ReactNode } from 'react';
import { CHANGE_KINDS, MAX_DUE_DAYS } from '../../../contract/admin/change-rules.schema.js';
import type { ChangeKind } from '../../../contract/admin/change-rules.schema.js';
import type { FormState } from '../../admin/fields.js';
import { DataTable, Input, Select, Textarea } from '../../admin/fields.js';
import { DeleteConfirm, ItemForm } from '../../admin/crud-view.js';
import type { FieldKind, FormValues } from '../../admin/forms.js';
import { SPANISH_FORM, SpanishFields, spanishValues } from '../../admin/spanish-fields.js';
import type { ChangeRuleRow } from '../../db/repositories/change-rules.repository.js';

export const RULES = '/admin/change-rules';
/** Where the Next Steps categories are made. */
export const CHOICES = '/admin/choices';

/** Said up front: a rule with no category to open its task in is refused (issue 87). */
function NoCategoryNotice() {
  return (
    <div className="notice problem" id="no-category">
      <p>
        A rule opens its task in a Next Steps category, and there is none yet.{' '}
        <a href={`${CHOICES}#h-category`}>Add a category under Task choices</a> first: until then,
        no rule can be saved.
      </p>
    </div>
  );
}

/** Each change kind as the admin names it. */
export const KIND_NAMES: Record<ChangeKind, string> = {
  'hold-added': 'Hold added',
  'hold-removed': 'Hold removed',
  'class-added': 'Class added',
  'class-dropped': 'Class dropped or cancelled',
  'class-moved': 'Class time or room changed',
  'grade-posted': 'Final grade posted',
  'balance-changed': 'Balance due changed or payment posted',
  'balance-due': 'An amount became due (none was)',
  'balance-paid': 'Amount due paid (none left)',
  'advisor-new': 'New advisor',
};
const names = new Map<string, string>(Object.entries(KIND_NAMES));
const kindName = (kind: string | null) => (kind === null ? 'None' : (names.get(kind) ?? kind));

/** How each field of the rule form becomes the contract's JSON (contract/admin/change-rules.schema.ts). */
export const RULE_FORM: Record<string, FieldKind> = {
  opens: 'text',
  closes: 'textOrNull',
  code: 'textOrNull',
  title: 'text',
  body: 'text',
  ...SPANISH_FORM,
  link: 'text',
  category: 'textOrNull',
  task_id: 'intOrNull',
  due_in_days: 'int',
};
export const RULE_UPDATE_FORM: Record<string, FieldKind> = { ...RULE_FORM, version: 'int' };

export const NEW_RULE_VALUES: FormValues = {
  opens: 'hold-added',
  closes: 'hold-removed',
  due_in_days: '14',
};

/** A stored rule as its form shows it. */
export function ruleValues(rule: ChangeRuleRow): FormValues {
  return {
    opens: rule.opens,
    closes: rule.closes ?? '',
    code: rule.code ?? '',
    title: rule.title,
    body: rule.body,
    ...spanishValues(rule.translations),
    link: rule.link,
    category: rule.category ?? '',
    task_id: rule.task_id === null ? '' : String(rule.task_id),
    due_in_days: String(rule.due_in_days),
    version: String(rule.version),
  };
}

const kindOptions = CHANGE_KINDS.map((k) => [k, KIND_NAMES[k]] as const);

/** The rule form: new (`rule` undefined) or an edit of `rule`, carrying the version it was read at. */
export function RuleForm(props: {
  state: FormState;
  csrf: string;
  /** The Next Steps categories by name. */
  categories: readonly string[];
  /** The Next Steps tasks staff wrote, by id and title, that a rule may complete (issue 89). */
  tasks: readonly (readonly [id: number, title: string])[];
  rule?: ChangeRuleRow | undefined;
  problem?: ReactNode;
}) {
  const { state } = props;
  return (
    <ItemForm
      list={RULES}
      item={props.rule}
      state={state}
      csrf={props.csrf}
      problem={
        <>
          {props.problem}
          {props.categories.length === 0 ? <NoCategoryNotice /> : null}
        </>
      }
      create="Add rule"
      save="Save changes"
      deletable
    >
      <Select state={state} name="opens" label="When this changes" options={kindOptions} />
      <Input
        state={state}
        name="code"
        label="Code (optional)"
        hint="A hold code such as RH, or a term such as 202604. Empty: any."
      />
      <Input state={state} name="title" label="Task title" required />
      <Textarea state={state} name="body" label="Task body" hint="What the student does." />
      <SpanishFields state={state} bodyLabel="Task body in Spanish" />
      <Input
        state={state}
        name="link"
        label="Task link"
        hint="A portal path such as /account#holds, or an http(s) address."
      />
      <Select
        state={state}
        name="category"
        label="Category"
        options={[['', 'The first category'], ...props.categories.map((c) => [c, c] as const)]}
      />
      <Input
        state={state}
        name="due_in_days"
        label="Due in (days)"
        type="number"
        min={0}
        max={MAX_DUE_DAYS}
      />
      <Select
        state={state}
        name="task_id"
        label="Next Steps task"
        hint="A task staff wrote that the record completes (and opens again on the change above), in place of a task of the rule’s own."
        options={[
          ['', 'A task of its own (the fields above)'],
          ...props.tasks.map(([id, title]) => [String(id), title] as const),
        ]}
      />
      <Select
        state={state}
        name="closes"
        label="Completed when this changes"
        hint="The counterpart: the task shows as completed by the student record."
        options={[['', 'Nothing (the student completes it)'], ...kindOptions]}
      />
    </ItemForm>
  );
}

/** The rules, each a link to its form. */
export function RuleList(props: { rules: readonly ChangeRuleRow[]; noCategory: boolean }) {
  const { rules } = props;
  return (
    <>
      <p>
        A change to a student’s record opens a Next Steps task for that student; its counterpart
        completes it.
      </p>
      {props.noCategory ? <NoCategoryNotice /> : null}
      <div className="actions">
        <a className="button" href={`${RULES}/new`}>
          New rule
        </a>
      </div>
      {rules.length === 0 ? (
        <p>No rule yet.</p>
      ) : (
        <DataTable
          label="Change rules"
          caption={`${rules.length} rule${rules.length === 1 ? '' : 's'}`}
          headers={['Task', 'When', 'Code', 'Due in', 'Completed when']}
          rows={rules.map((r) => ({
            key: r.id,
            cells: [
              <a href={`${RULES}/${r.id}`}>{r.title}</a>,
              kindName(r.opens),
              r.code ?? 'Any',
              `${r.due_in_days} day${r.due_in_days === 1 ? '' : 's'}`,
              kindName(r.closes),
            ],
          }))}
        />
      )}
    </>
  );
}

/** Asks before removing: the form posts the version that was shown. */
export function deleteRuleConfirm(rule: ChangeRuleRow, csrf: string) {
  return (
    <DeleteConfirm list={RULES} item={rule} csrf={csrf} button="Remove the rule">
      Remove the rule <strong>{rule.title}</strong>? Tasks it opened stay; no new one opens, and its
      counterpart no longer completes them.
    </DeleteConfirm>
  );
}
