import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Grade } from '../../../../contract/sis/courses.schema.js';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import { useTermName } from '../term-name.js';
import { formatCalendarDate } from '../../../lib/time.js';
import './grades.css';

export interface TermPickerProps {
  terms: TermCode[];
  selected: TermCode;
  onSelect: (term: TermCode) => void;
}

/** The terms the student has, newest first. */
export function TermPicker({ terms, selected, onSelect }: TermPickerProps) {
  const id = useId();
  const termName = useTermName();
  return (
    <div className="acad-picker">
      <label htmlFor={id}>
        <Trans>Term</Trans>
      </label>
      <select
        id={id}
        value={selected}
        onChange={(event) => {
          const term = terms.find((t) => t === event.target.value);
          if (term) onSelect(term);
        }}
      >
        {terms.map((t) => (
          <option key={t} value={t}>
            {termName(t)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A term's final grades: course, title, final grade and grade date. */
export function GradesTable({ grades, term }: { grades: Grade[]; term: TermCode }) {
  const { t } = useLingui();
  const name = useTermName()(term);
  return (
    <table className="acad-grades">
      <caption className="visually-hidden">
        <Trans>Final grades for {name}</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Course</Trans>
          </th>
          <th scope="col">
            <Trans>Grade</Trans>
          </th>
          <th scope="col">
            <Trans>Grade date</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {grades.map((g) => (
          // A grade Ethos names by its course alone has no CRN: the course tells it apart.
          <tr key={`${g.SUBJECTCODE} ${g.COURSENUMBER} ${g.COURSEREGISTRATIONNUMBER}`}>
            <th scope="row">
              <span className="acad-grades__code">
                {g.SUBJECTCODE} {g.COURSENUMBER}
              </span>
              <span className="acad-grades__title" lang="en">
                {g.COURSETITLE}
              </span>
            </th>
            <td className="acad-grades__grade">{g.FINALGRADE ?? t`Not posted`}</td>
            <td>{g.GRADEDATE ? formatCalendarDate(g.GRADEDATE) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
