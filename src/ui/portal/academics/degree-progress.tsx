import { Trans, useLingui } from '@lingui/react/macro';
import type {
  DegreeBlock,
  DegreeCourse,
  DegreeProgress,
  DegreeRemaining,
  DegreeRule,
  DegreeState,
} from '../../../../contract/sis/degree-progress.schema.js';
import { orderBlocks, stillNeededFirst } from '../../../lib/degree-progress.js';
import { formatCampusDate } from '../../../lib/time.js';
import { NewTabNote } from '../../new-tab-note.js';
import { RecordText } from '../../record-text.js';
import './degree-progress.css';

function StateLabel({ state }: { state: DegreeState }) {
  return (
    <span className={`acad-degree__state acad-degree__state--${state}`}>
      {state === 'complete' ? (
        <Trans>Complete</Trans>
      ) : state === 'in-progress' ? (
        <Trans>In progress</Trans>
      ) : (
        <Trans>Still needed</Trans>
      )}
    </span>
  );
}

/** "2 more courses from: CS 3358, CS 3398, CS 4328", "12 more credits": what a rule still needs. */
function RemainingText({ remaining }: { remaining: DegreeRemaining }) {
  const { t } = useLingui();
  const { count } = remaining;
  const from = remaining.from.join(', ');
  if (remaining.unit === 'classes') {
    if (from === '') return count === 1 ? t`1 more course` : t`${count} more courses`;
    return count === 1 ? t`1 more course from: ${from}` : t`${count} more courses from: ${from}`;
  }
  if (from === '') return count === 1 ? t`1 more credit` : t`${count} more credits`;
  return count === 1 ? t`1 more credit from: ${from}` : t`${count} more credits from: ${from}`;
}

/** "BI 101 (A)", "CS 161 (in progress)": a course as the audit applied it. */
function CourseList({ courses }: { courses: readonly DegreeCourse[] }) {
  const { t } = useLingui();
  return (
    <ul className="acad-degree__courses">
      {courses.map((c, at) => (
        <li key={`${c.course}-${c.term ?? ''}-${String(at)}`}>
          <RecordText>{c.course}</RecordText>
          {c.title && (
            <>
              {' '}
              <RecordText>{c.title}</RecordText>
            </>
          )}{' '}
          <span className="muted">
            ({c.in_progress ? t`in progress` : (c.grade ?? t`no grade`)})
          </span>
        </li>
      ))}
    </ul>
  );
}

function RuleItem({ rule }: { rule: DegreeRule }) {
  return (
    <li className="acad-degree__rule">
      <p className="acad-degree__rule-head">
        <RecordText>{rule.label}</RecordText> <StateLabel state={rule.state} />
      </p>
      {rule.remaining && (
        <p className="acad-degree__remaining">
          <RemainingText remaining={rule.remaining} />
        </p>
      )}
      {rule.courses.length > 0 && <CourseList courses={rule.courses} />}
    </li>
  );
}

function KindLabel({ kind }: { kind: DegreeBlock['kind'] }) {
  switch (kind) {
    case 'degree':
      return <Trans>Degree</Trans>;
    case 'general-education':
      return <Trans>General education</Trans>;
    case 'major':
      return <Trans>Major</Trans>;
    case 'minor':
      return <Trans>Minor</Trans>;
    default:
      return <Trans>Not applied to a requirement</Trans>;
  }
}

function BlockView({ block, id }: { block: DegreeBlock; id: string }) {
  const notApplied = block.kind === 'not-applied';
  return (
    <section className="acad-degree__block" aria-labelledby={id}>
      <h3 className="acad-degree__block-title" id={id}>
        <span className="acad-degree__kind">
          <KindLabel kind={block.kind} />
        </span>{' '}
        <RecordText>{block.title}</RecordText> {!notApplied && <StateLabel state={block.state} />}
      </h3>
      {block.rules.length > 0 && (
        <ul className="acad-degree__rules">
          {stillNeededFirst(block.rules).map((rule, at) => (
            <RuleItem key={`${rule.label}-${String(at)}`} rule={rule} />
          ))}
        </ul>
      )}
      {block.courses.length > 0 && <CourseList courses={block.courses} />}
    </section>
  );
}

/** One of the two headline figures: the percentage as text, and a bar beside it for the eye. */
function Figure({ label, percent, detail }: { label: string; percent: number; detail?: string }) {
  const { i18n } = useLingui();
  return (
    <div className="acad-degree__figure">
      <dt>{label}</dt>
      <dd>
        <span className="acad-degree__percent">
          {i18n.number(percent / 100, { style: 'percent', maximumFractionDigits: 0 })}
        </span>
        {detail && <span className="muted"> {detail}</span>}
        <progress max={100} value={percent} aria-hidden="true" />
      </dd>
    </div>
  );
}

/**
 * Issue 92: the degree audit the campus's system made, shown as given: the share of requirements and
 * of credits, each block and rule with its state (still needed first) in plain sentences, and the
 * campus's what-if tool.
 */
export function DegreeProgressView({
  audit,
  timeZone,
}: {
  audit: DegreeProgress;
  timeZone: string;
}) {
  const { t } = useLingui();
  const catalog = audit.catalog_year;
  const asOf = formatCampusDate(audit.as_of, timeZone);
  const applied = audit.credits_applied;
  const required = audit.credits_required;
  return (
    <div className="acad-degree">
      <p className="muted">{t`Catalog year ${catalog}, audit of ${asOf}`}</p>
      <dl className="acad-degree__figures">
        <Figure label={t`Requirements complete`} percent={audit.percent_requirements} />
        <Figure
          label={t`Credits earned`}
          percent={audit.percent_credits}
          detail={t`${applied} of ${required} credits`}
        />
      </dl>
      {orderBlocks(audit.blocks).map((block, at) => (
        <BlockView
          key={`${block.kind}-${block.title}`}
          block={block}
          id={`degree-block-${String(at)}`}
        />
      ))}
      {audit.what_if_url && (
        <p>
          <a href={audit.what_if_url} target="_blank" rel="noreferrer">
            <Trans>What if I changed my major? Open the what-if tool</Trans>
            <NewTabNote />
          </a>
        </p>
      )}
    </div>
  );
}
