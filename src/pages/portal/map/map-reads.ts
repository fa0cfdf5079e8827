import { i18n } from '@lingui/core';
import { holidayOn } from '../../../../contract/holidays.rules.js';
import type { Language } from '../../../../contract/language.schema.js';
import type { Meeting } from '../../../../contract/sis/schedule.schema.js';
import { scheduleAnswerSchema } from '../../../../contract/sis/schedule.schema.js';
import { currentTermAnswerSchema } from '../../../../contract/sis/term.schema.js';
import { isSisWarning } from '../../../../contract/sis/warning.schema.js';
import { fetchBuildings } from '../../../api/campus.js';
import type { Http } from '../../../api/client.js';
import { fetchIntegration, fetchTermIntegration } from '../../../api/integrations.js';
import type { Building } from '../../../../contract/buildings.schema.js';
import type { Campus } from '../../../../contract/campus.schema.js';
import { classesOn } from '../../../lib/schedule.js';
import { campusDay } from '../../../lib/time.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { PageReads } from '../shared/page-reads.js';
import { isStudentUser } from '../shared/student-user.js';

/** The language a locale reads: the buildings' names and entrances are asked for in it. */
export const languageOf = (locale: string): Language => (locale === 'es' ? 'es' : 'en');

/**
 * Today's classes (the campus's date, none on a campus holiday), as Today's Classes reads them:
 * the current term's schedule. A student's only; anyone else has none.
 */
async function todaysMeetings(http: Http, campus: Campus): Promise<Meeting[]> {
  const day = campusDay(new Date(), campus.timeZone);
  if (holidayOn(campus.holidays, day.date)) return [];
  const current = await fetchIntegration(http, 'current-term', currentTermAnswerSchema);
  if (isSisWarning(current)) return [];
  const meetings = await fetchTermIntegration(
    http,
    'schedule',
    current.p_term_out,
    scheduleAnswerSchema,
  );
  return isSisWarning(meetings) ? [] : classesOn(meetings, day);
}

/**
 * What the campus map reads (issue 89): the campus's buildings in the reader's language and, for a
 * student, today's classes, whose buildings come first.
 */
export function mapReadSpecs(context: Pick<PortalContext, 'http' | 'campus' | 'app'>) {
  const { http, campus } = context;
  return {
    buildings: {
      component: 'campus-buildings',
      read: (language: Language) => fetchBuildings(http, language),
      isEmpty: (buildings: Building[]) => buildings.length === 0,
    },
    today: {
      component: 'schedule',
      read: async (): Promise<Meeting[]> =>
        isStudentUser(context) ? todaysMeetings(http, campus) : [],
    },
  };
}

export type MapReads = PageReads<ReturnType<typeof mapReadSpecs>>;

/** What the page's route loader gives its container: its reads, kept by the router. */
export interface MapLoad {
  reads: MapReads;
}

/** The route's loader (`withReads`): the buildings in the page's language, and today's classes. */
export function pageReads({ context }: PageLoad): MapLoad {
  const reads = new PageReads(mapReadSpecs(context));
  reads.start('buildings', languageOf(i18n.locale));
  reads.start('today');
  return { reads };
}
