import { useLingui } from '@lingui/react/macro';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import { chosenGradeTerm } from '../../../lib/grade-terms.js';
import { GradesTable, TermPicker } from '../../../ui/portal/academics/grades.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { usePageRead } from '../shared/use-page-read.js';
import type { AcademicsReads } from './academics-reads.js';

export interface GradesSectionProps {
  reads: AcademicsReads;
  /** The `?term=` of the address, already checked to be a term code. */
  asked: TermCode | undefined;
  onSelectTerm: (term: TermCode) => void;
}

/** Final grades by term; the term picker writes `?term=` so the choice survives a reload. */
export function GradesSection({ reads, asked, onSelectTerm }: GradesSectionProps) {
  const { t } = useLingui();
  const termName = useTermName();
  const terms = usePageRead(reads, 'gradeTerms');
  const grades = usePageRead(reads, 'grades', asked);

  const fallback = terms.data ? chosenGradeTerm(terms.data, asked) : null;
  const shown = grades.status === 'loaded' ? (grades.data?.term ?? null) : null;
  const chosen = asked && terms.data?.includes(asked) ? asked : (shown ?? fallback);
  const list = grades.status === 'loaded' ? grades.data?.grades : null;
  const termsSettled = terms.status !== 'loading';
  const state = termsSettled && terms.status !== 'loaded' ? terms.status : grades.status;
  return (
    <SectionCard
      id="grades"
      title={t`Grades`}
      state={termsSettled ? state : 'loading'}
      emptyText={chosen ? t`No grades for ${termName(chosen)} yet.` : t`No grades on record yet.`}
      errorText={terms.status === 'error' ? t`Unable to retrieve current term info` : undefined}
      onRetry={terms.status === 'error' ? terms.retry : grades.retry}
      toolbar={
        terms.data && chosen ? (
          <TermPicker terms={terms.data} selected={chosen} onSelect={onSelectTerm} />
        ) : null
      }
    >
      {list && chosen && <GradesTable grades={list} term={chosen} />}
    </SectionCard>
  );
}
