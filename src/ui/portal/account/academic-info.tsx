import { EmptyValue } from '../empty-value.js';
import type { Curriculum } from '../../../../contract/sis/academics.schema.js';

export interface AcademicInfoProps {
  curricula: Curriculum[];
  classStanding: string;
  expectedGraduation: string | null;
  preProfessional: string[];
}

const orNone = (value: string | null, none = 'No Record Found/Not Applicable') =>
  value || <EmptyValue>{none}</EmptyValue>;

/** portal.md §2 Account page: the academic information grid (students only). */
export function AcademicInfo(props: AcademicInfoProps) {
  const { curricula, classStanding, expectedGraduation, preProfessional } = props;
  const majors = curricula.filter((c) => c.FOS_CODE === 'MAJOR');
  const minors = curricula.filter((c) => c.FOS_CODE === 'MINOR');
  const first = curricula[0] ?? null;
  return (
    <dl className="info-grid">
      <div>
        <dt>Major</dt>
        <dd>{orNone(majors.map((c) => c.FOS_DESC).join(', '))}</dd>
      </div>
      <div>
        <dt>Minor</dt>
        <dd>{orNone(minors.map((c) => c.FOS_DESC).join(', '))}</dd>
      </div>
      <div>
        <dt>Degree</dt>
        <dd>{orNone(first?.DEGREE_DESC ?? null)}</dd>
      </div>
      <div>
        <dt>College</dt>
        <dd>{orNone(first?.COLLEGE ?? null)}</dd>
      </div>
      <div>
        <dt>Class standing</dt>
        <dd>
          {orNone(
            classStanding === 'No Class Standing/Not Applicable' ? null : classStanding,
            'No Class Standing/Not Applicable',
          )}
        </dd>
      </div>
      <div>
        <dt>Admitted as</dt>
        <dd>{orNone(first?.ADMITLEVEL ?? null)}</dd>
      </div>
      <div>
        <dt>Residency</dt>
        <dd>{orNone(first?.RESIDENCY_STATUS ?? null, 'No Residency Status / Not Applicable')}</dd>
      </div>
      <div>
        <dt>Expected graduation</dt>
        <dd>{orNone(expectedGraduation)}</dd>
      </div>
      {preProfessional.length > 0 && (
        <div>
          <dt>Pre-professional</dt>
          <dd>{preProfessional.join(', ')}</dd>
        </div>
      )}
    </dl>
  );
}
