import { useLingui } from '@lingui/react/macro';
import type { CurriculumInfo } from '../../../../contract/sis/academics.schema.js';
import { NO_RESIDENCY, programsOf, residencyLabel } from '../../../lib/academics.js';
import { Field } from './section-card.js';
import { useTermName } from '../term-name.js';
import { RecordText } from '../../record-text.js';

/** The programs' names, each the campus's name in the reader's language or the SIS's English. */
const names = (list: { FOS_DESC: string }[]) =>
  list.map((c, at) => (
    <span key={c.FOS_DESC}>
      {at > 0 && ', '}
      <RecordText>{c.FOS_DESC}</RecordText>
    </span>
  ));

/** portal.md §3 academic program: each curriculum in priority order, then residency and pre-professional. */
export function ProgramView({ info }: { info: CurriculumInfo }) {
  const { t } = useLingui();
  const termName = useTermName();
  const programs = programsOf(info.curricula);
  const residency = residencyLabel(info.curricula);
  return (
    <>
      {programs.map(({ priority, first, majors, minors }) => {
        const graduation = first.EXPECTED_GRAD_TERM ?? info.expected_graduation;
        return (
          <dl className="acad-fields" key={priority}>
            <Field label={t`Degree`}>
              <RecordText>{first.DEGREE_DESC ?? first.LEVL}</RecordText>
            </Field>
            <Field label={t`College`}>
              <RecordText>{first.COLLEGE}</RecordText>
            </Field>
            {majors.length > 0 && (
              <Field label={majors.length > 1 ? t`Majors` : t`Major`}>{names(majors)}</Field>
            )}
            {minors.length > 0 && (
              <Field label={minors.length > 1 ? t`Minors` : t`Minor`}>{names(minors)}</Field>
            )}
            <Field label={t`Catalog term`}>{termName(first.CATALOG_TERM)}</Field>
            <Field label={t`Expected graduation`}>
              {graduation ? termName(graduation) : t`Not set yet`}
            </Field>
            <Field label={t`Admit level`}>
              <RecordText>{first.ADMITLEVEL}</RecordText>
            </Field>
          </dl>
        );
      })}
      <dl className="acad-fields">
        <Field label={t`Residency`}>
          {residency === NO_RESIDENCY ? (
            t`No Residency Status / Not Applicable`
          ) : (
            <RecordText>{residency}</RecordText>
          )}
        </Field>
        {info.pre_prof.length > 0 && (
          <Field label={t`Pre-professional`}>
            <RecordText>{info.pre_prof.map((p) => p.PRE_PROF_DESC).join(', ')}</RecordText>
          </Field>
        )}
      </dl>
    </>
  );
}
