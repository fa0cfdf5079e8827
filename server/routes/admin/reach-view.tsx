import { ChangeCounts } from './change-counts-view.js';
import { formatInTimeZone } from '../../date-fns.js';
import { REACH_WEEK_CHOICES } from '../../../contract/admin/reach.schema.js';
import { formatCampus } from '../../admin/campus-time.js';
import { StackedBars, SwatchIcon } from '../../admin/chart.js';
import type { Series } from '../../admin/chart.js';
import { DataTable, Select } from '../../admin/fields.js';
import type { DeliverySpeed } from '../../notify/delivery-speed.js';
import type { ChannelCounts, MessageReach, TaskPoint, TaskReach } from '../../notify/reach.js';
import { ADDRESS_REFUSED, NOT_NEEDED } from '../../notify/refused-address.js';
import { DeliverySection } from './delivery-view.js';

type Key = 'done' | 'dismissed' | 'overdue' | 'open';

/** Bottom to top: what is settled first, then what is late, then what is still open. */
export const TASK_SERIES: ReadonlyArray<Series<Key>> = [
  { key: 'done', label: 'Done', swatch: 'solid' },
  { key: 'dismissed', label: 'Dismissed (does not apply)', swatch: 'diagonal' },
  { key: 'overdue', label: 'Overdue', swatch: 'crosshatch' },
  { key: 'open', label: 'Open, not yet due', swatch: 'dots' },
];

export const percent = (rate: number | null) =>
  rate === null ? '—' : `${Math.round(rate * 1000) / 10} %`;

function channelText(c: ChannelCounts): string {
  const parts = [`${c.sent} sent`, `${c.failed} failed`];
  if (c.waiting > 0) parts.push(`${c.waiting} waiting`);
  if (c.refused > 0) parts.push(`${c.refused} ${ADDRESS_REFUSED}`);
  if (c.dropped > 0) parts.push(`${c.dropped} ${NOT_NEEDED}`);
  return `${c.channel}: ${parts.join(', ')}`;
}

const day = (iso: string, timeZone: string) => formatInTimeZone(new Date(iso), timeZone, 'MMM d');

export interface ReachPageProps {
  weeks: number;
  type: number | undefined;
  studentTypes: ReadonlyArray<{ id: number; name: string }>;
  messages: MessageReach[];
  /** How fast each message and alert was handed over, per channel (delivery-view.tsx). */
  delivery: readonly DeliverySpeed[];
  tasks: TaskReach[];
  timeZone: string;
  /** Changes to students' records in the last 24 hours by kind (issue 74). */
  changes?: ReadonlyArray<{ kind: string; count: number }>;
}

/** The reach dashboard: the window's form, the messages' reach, then one chart per task. */
export function ReachBody(props: ReachPageProps) {
  const { weeks, type, studentTypes, messages, tasks, timeZone } = props;
  const typeName = studentTypes.find((t) => t.id === type)?.name;
  const query = `weeks=${weeks}`;
  const state = {
    values: { weeks: String(weeks), type: type === undefined ? '' : String(type) },
    errors: {},
  };
  const weekChoices: ReadonlyArray<readonly [string, string]> = [
    ...new Set<number>([...REACH_WEEK_CHOICES, weeks]),
  ]
    .sort((a, b) => a - b)
    .map((w) => [String(w), `Last ${w} weeks`] as const);
  return (
    <>
      <p>
        Who the portal reached: for each message, the notifications sent and failed on each channel
        and how many of its recipients read it; for each Next Steps task, how its students stood at
        the end of each week.
      </p>
      <form className="filters" method="get" action="/admin/reach" aria-label="Choose the window">
        <Select state={state} name="weeks" label="Window" options={weekChoices} />
        <Select
          state={state}
          name="type"
          label="Student type (charts)"
          options={[
            ['', 'Every student'],
            ...studentTypes.map((t) => [String(t.id), t.name] as const),
          ]}
        />
        <div className="actions">
          <button type="submit">Show</button>
        </div>
      </form>

      <h2 id="messages">Messages</h2>
      <p>
        Messages written in the last {weeks} weeks.{' '}
        <a href={`/admin/reach/messages.csv?${query}`} download>
          Download the messages as CSV
        </a>
      </p>
      {messages.length === 0 ? (
        <p>No message was written in this window.</p>
      ) : (
        <DataTable
          label="Messages' reach"
          caption={`Newest first (${messages.length})`}
          headers={['Message', 'To', 'Written', 'Recipients', 'Read', 'Read rate', 'Notifications']}
          rows={messages.map((m) => ({
            key: m.id,
            cells: [
              m.title,
              m.audience,
              formatCampus(m.createdOn, timeZone),
              String(m.recipients),
              String(m.reads),
              percent(m.readRate),
              m.channels.length === 0 ? (
                'None sent'
              ) : (
                <ul key="channels" className="plain">
                  {m.channels.map((c) => (
                    <li key={c.channel}>{channelText(c)}</li>
                  ))}
                </ul>
              ),
            ],
          }))}
        />
      )}

      <DeliverySection delivery={props.delivery} weeks={weeks} timeZone={timeZone} />

      <ChangeCounts counts={props.changes ?? []} />

      <h2 id="tasks">Next Steps tasks</h2>
      <p>
        {typeName ? `Students of the type “${typeName}”` : 'Every student'}, as they stood at the
        end of each of the last {weeks} weeks (a student of two types counts in both).{' '}
        <a href={`/admin/reach/tasks.csv?${query}`} download>
          Download the tasks by student type as CSV
        </a>
      </p>
      {tasks.length === 0 ? (
        <p>No published task is assigned to {typeName ? 'a student of this type' : 'anyone'}.</p>
      ) : (
        <>
          <ul className="legend" aria-label="Legend">
            {TASK_SERIES.map((s) => (
              <li key={s.key}>
                <SwatchIcon id={`legend-${s.key}`} swatch={s.swatch} /> {s.label}
              </li>
            ))}
          </ul>
          <ul className="charts">
            {tasks.map((task) => (
              <li key={task.taskId}>
                <TaskChart task={task} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

function summary(p: TaskPoint) {
  return `${p.assigned} assigned: ${p.done} done, ${p.dismissed} dismissed, ${p.overdue} overdue, ${p.open} open`;
}

function TaskChart({ task, timeZone }: { task: TaskReach; timeZone: string }) {
  const id = `task-${task.taskId}`;
  const first = task.points[0];
  const last = task.points[task.points.length - 1];
  const deadline = task.endsOn ? `Due ${formatCampus(task.endsOn, timeZone)}` : 'No deadline';
  return (
    <section aria-labelledby={`${id}-h`} className="chart-card">
      <h3 id={`${id}-h`}>{task.title}</h3>
      <p className="hint">
        {deadline}. Now: {last ? summary(last) : 'no records'}.
      </p>
      <StackedBars
        id={id}
        title={`${task.title}: students by week`}
        desc={
          first && last
            ? `On ${day(first.weekEnd, timeZone)}: ${summary(first)}. On ${day(last.weekEnd, timeZone)}: ${summary(last)}. The table below gives every week.`
            : 'No records.'
        }
        series={TASK_SERIES}
        points={task.points.map((p) => ({ label: day(p.weekEnd, timeZone), values: p }))}
      />
      <details>
        <summary>The numbers as a table</summary>
        <DataTable
          label={`${task.title}: the numbers`}
          caption={`${task.title}, at the end of each week`}
          headers={['Week ending', 'Assigned', 'Done', 'Dismissed', 'Overdue', 'Open']}
          rows={task.points.map((p) => ({
            key: p.weekEnd,
            cells: [
              day(p.weekEnd, timeZone),
              String(p.assigned),
              String(p.done),
              String(p.dismissed),
              String(p.overdue),
              String(p.open),
            ],
          }))}
        />
      </details>
    </section>
  );
}
