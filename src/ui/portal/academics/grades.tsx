import { useId } from 'react';
import type { Grade } from '../../../../contract/sis/courses.schema.js';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import { termName } from '../../../lib/terms.js';
import { formatCalendarDate } from '../../../lib/time.js';

export interface TermPickerProps {
  terms: TermCode[];
  selected: TermCode;
  onSelect: (term: TermCode) => void;
}

/** The terms the student has, newest first. */
export function TermPicker({ terms, selected, onSelect }: TermPickerProps) {
  const id = useId();
  return (
    <div className="acad-picker">
      <label htmlFor={id}>Term</label>
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
  return (
    <table className="acad-grades">
      <caption className="visually-hidden">Final grades for {termName(term)}</caption>
      <thead>
        <tr>
          <th scope="col">Course</th>
          <th scope="col">Grade</th>
          <th scope="col">Grade date</th>
        </tr>
      </thead>
      <tbody>
        {grades.map((g) => (
          <tr key={g.COURSEREGISTRATIONNUMBER}>
            <th scope="row">
              <span className="acad-grades__code">
                {g.SUBJECTCODE} {g.COURSENUMBER}
              </span>
              <span className="acad-grades__title">{g.COURSETITLE}</span>
            </th>
            <td className="acad-grades__grade">{g.FINALGRADE ?? 'Not posted'}</td>
            <td>{g.GRADEDATE ? formatCalendarDate(g.GRADEDATE) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
