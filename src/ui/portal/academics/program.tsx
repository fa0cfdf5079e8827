import type { CurriculumInfo } from '../../../../contract/sis/academics.schema.js';
import { programsOf, residencyLabel } from '../../../lib/academics.js';
import { termName } from '../../../lib/terms.js';
import { Field } from './section-card.js';

const names = (list: { FOS_DESC: string }[]) => list.map((c) => c.FOS_DESC).join(', ');

/** portal.md §3 academic program: each curriculum in priority order, then residency and pre-professional. */
export function ProgramView({ info }: { info: CurriculumInfo }) {
  const programs = programsOf(info.curricula);
  return (
    <>
      {programs.map(({ priority, first, majors, minors }) => {
        const graduation = first.EXPECTED_GRAD_TERM ?? info.expected_graduation;
        return (
          <dl className="acad-fields" key={priority}>
            <Field label="Degree">{first.DEGREE_DESC ?? first.LEVL}</Field>
            <Field label="College">{first.COLLEGE}</Field>
            {majors.length > 0 && (
              <Field label={majors.length > 1 ? 'Majors' : 'Major'}>{names(majors)}</Field>
            )}
            {minors.length > 0 && (
              <Field label={minors.length > 1 ? 'Minors' : 'Minor'}>{names(minors)}</Field>
            )}
            <Field label="Catalog term">{termName(first.CATALOG_TERM)}</Field>
            <Field label="Expected graduation">
              {graduation ? termName(graduation) : 'Not set yet'}
            </Field>
            <Field label="Admit level">{first.ADMITLEVEL}</Field>
          </dl>
        );
      })}
      <dl className="acad-fields">
        <Field label="Residency">{residencyLabel(info.curricula)}</Field>
        {info.pre_prof.length > 0 && (
          <Field label="Pre-professional">
            {info.pre_prof.map((p) => p.PRE_PROF_DESC).join(', ')}
          </Field>
        )}
      </dl>
    </>
  );
}
