import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import type { TermCode } from '../../../../contract/sis/common.schema.js';
import type { AcademicsApi } from '../../../api/academics.js';
import type { Grade } from '../../../../contract/sis/courses.schema.js';
import { dataOf } from '../../../lib/sis-answer.js';
import { chosenGradeTerm, gradeTermsToTry } from '../../../lib/terms.js';
import { GradesTable, TermPicker } from '../../../ui/portal/academics/grades.js';
import { SectionCard } from '../../../ui/portal/academics/section-card.js';
import { useTermName } from '../../../ui/portal/term-name.js';
import { TERM_FAILED, step, useSection } from '../shared/use-section.js';

interface TermGrades {
  term: TermCode | null;
  grades: Grade[];
}

export interface GradesSectionProps {
  api: AcademicsApi;
  /** The `?term=` of the address, already checked to be a term code. */
  asked: TermCode | undefined;
  onSelectTerm: (term: TermCode) => void;
}

/** Final grades by term; the term picker writes `?term=` so the choice survives a reload. */
export function GradesSection({ api, asked, onSelectTerm }: GradesSectionProps) {
  const { t } = useLingui();
  const termName = useTermName();
  const askedRef = useRef(asked);
  askedRef.current = asked;

  const terms = useSection<TermCode[]>(
    'current-term',
    () => step('current-term', api.gradeTerms, TERM_FAILED),
    (list) => list.length === 0,
  );
  const grades = useSection<TermGrades>(
    'grades',
    async () => {
      const known = await api.gradeTerms();
      for (const term of gradeTermsToTry(known, askedRef.current)) {
        const list = dataOf(await api.grades(term)) ?? [];
        if (list.length > 0) return { term, grades: list };
      }
      return { term: null, grades: [] };
    },
    (data) => data.grades.length === 0,
    [asked],
  );

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
