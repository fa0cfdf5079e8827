import type { I18n } from '@lingui/core';
import type { Language } from '../../../contract/language.schema.js';
import { categoryName } from '../../delegates/words.js';
import type { SharedRecord } from './delegate-reads.js';

const money = (language: Language, amount: number) =>
  new Intl.NumberFormat(language === 'es' ? 'es-US' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

/** Figures as a table of rows, each named by its header (the pages' stylesheet draws tables). */
const Figures = ({ rows }: { rows: readonly (readonly [string, string])[] }) => (
  <table>
    <tbody>
      {rows.map(([name, value]) => (
        <tr key={name}>
          <th scope="row">{name}</th>
          <td>{value}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

/** What a read that failed or was refused says in place of its part. */
const Unavailable = ({ i18n }: { i18n: I18n }) => (
  <p role="status">
    {i18n._({
      id: 'delegates.record.unavailable',
      message: 'This is not available at this time.',
    })}
  </p>
);

function Finances(props: { i18n: I18n; language: Language; part: SharedRecord['finances'] }) {
  const { i18n, language, part } = props;
  if (!part) return null;
  const charges = part.summary?.CHARGES_DETAIL;
  return (
    <section aria-labelledby="shared-finances">
      <h2 id="shared-finances">{categoryName(i18n, 'finances')}</h2>
      {charges ? (
        <Figures
          rows={[
            [
              i18n._({ id: 'delegates.record.amount-due', message: 'Amount due' }),
              money(language, charges.CHARGES_AMOUNT_DUE),
            ],
            [
              i18n._({ id: 'delegates.record.balance', message: 'Account balance' }),
              money(language, charges.CHARGES_BALANCE),
            ],
          ]}
        />
      ) : (
        <Unavailable i18n={i18n} />
      )}
      <h3>{i18n._({ id: 'delegates.record.holds', message: 'Holds' })}</h3>
      {part.holds === null ? (
        <Unavailable i18n={i18n} />
      ) : part.holds.length === 0 ? (
        <p>{i18n._({ id: 'delegates.record.no-holds', message: 'No holds.' })}</p>
      ) : (
        <ul>
          {part.holds.map((h) => (
            <li key={`${h.HOLD}-${h.HOLDFROMDATE}`}>
              <strong>{h.HOLDDESCRIPTION}</strong>
              {` · ${h.HOLDORIGINATINGOFFICEDESCRIPTION}`}
              {h.HOLDAMOUNT > 0 ? ` · ${money(language, h.HOLDAMOUNT)}` : ''}
              {h.REASON ? <p>{h.REASON}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Academics(props: { i18n: I18n; part: SharedRecord['academics'] }) {
  const { i18n, part } = props;
  if (!part) return null;
  const gpa = part.gpa?.[0];
  return (
    <section aria-labelledby="shared-academics">
      <h2 id="shared-academics">{categoryName(i18n, 'academics')}</h2>
      <Figures
        rows={[
          [i18n._({ id: 'delegates.record.gpa', message: 'GPA' }), gpa ? gpa.GPA.toFixed(2) : '—'],
          [
            i18n._({ id: 'delegates.record.standing', message: 'Class standing' }),
            part.standing?.class_standing ?? '—',
          ],
        ]}
      />
      <h3>{i18n._({ id: 'delegates.record.courses', message: 'Courses this term' })}</h3>
      {part.courses === null ? (
        <Unavailable i18n={i18n} />
      ) : part.courses.length === 0 ? (
        <p>{i18n._({ id: 'delegates.record.no-courses', message: 'No courses this term.' })}</p>
      ) : (
        <ul>
          {part.courses.map((c) => (
            <li key={c.COURSEREGISTRATIONNUMBER}>
              {`${c.SUBJECT} ${c.COURSENUMBER} · ${c.COURSETITLE}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Titles(props: {
  i18n: I18n;
  id: string;
  title: string;
  empty: string;
  items: readonly { key: number; title: string }[] | null | undefined;
}) {
  if (props.items === undefined) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.items === null ? (
        <Unavailable i18n={props.i18n} />
      ) : props.items.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul>
          {props.items.map((item) => (
            <li key={item.key}>{item.title}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A part's list as titles; null (unavailable) and undefined (not shared) kept. */
const titlesOf = <T,>(
  items: readonly T[] | null | undefined,
  title: (item: T) => { key: number; title: string },
) => (items ? items.map(title) : items);

/**
 * The delegate's narrow portal (issue 73): the granted categories alone, read only. No profile read
 * is in any category, so no student number, birth date or address appears here.
 */
export function SharedRecordView(props: { i18n: I18n; language: Language; record: SharedRecord }) {
  const { i18n, language, record } = props;
  return (
    <>
      <Finances i18n={i18n} language={language} part={record.finances} />
      <Academics i18n={i18n} part={record.academics} />
      <Titles
        i18n={i18n}
        id="shared-next-steps"
        title={categoryName(i18n, 'next-steps')}
        empty={i18n._({ id: 'delegates.record.no-tasks', message: 'No tasks.' })}
        items={titlesOf(record.nextSteps, (t) => ({ key: t.id, title: t.title }))}
      />
      <Titles
        i18n={i18n}
        id="shared-messages"
        title={categoryName(i18n, 'messages')}
        empty={i18n._({ id: 'delegates.record.no-messages', message: 'No messages.' })}
        items={titlesOf(record.messages, (m) => ({ key: m.pk, title: m.title }))}
      />
    </>
  );
}
