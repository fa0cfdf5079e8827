import { contactInfoAnswerSchema } from '../../../../contract/sis/contact-info.schema.js';
import { emergencyInfoAnswerSchema } from '../../../../contract/sis/emergency-info.schema.js';
import { personInfoAnswerSchema } from '../../../../contract/sis/person-info.schema.js';
import type { ContactInfo } from '../../../../contract/sis/contact-info.schema.js';
import type { EmergencyInfo } from '../../../../contract/sis/emergency-info.schema.js';
import { hasContactInfo } from '../../../lib/contact.js';
import { fetchDelegations } from '../../../api/delegations.js';
import { fetchPortalViews } from '../../../api/view-as.js';
import type { Delegation } from '../../../../contract/delegates.schema.js';
import type { PortalView } from '../../../../contract/portal-views.schema.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { isStudentUser } from '../shared/student-user.js';
import { holdsReadSpec } from '../shared/holds-section.js';
import { startPageReads } from '../shared/page-reads.js';
import type { PageReads } from '../shared/page-reads.js';
import { readOrEmpty, readStudentProgram } from '../shared/sis-reads.js';
import type { StudentProgram } from '../shared/sis-reads.js';

/**
 * What the Account page reads (portal.md §2 Account, §7), one declaration for its route's loader and
 * its sections: the holds, the profile's three parts and the emergency contacts. "Refresh" clears the
 * server's copies and reads them anew (each section's reload). The notification settings, coursework
 * and this device's push are read by their own machines, which also save them.
 */
export function accountReadSpecs({ http, campus }: Pick<PortalContext, 'http' | 'campus'>) {
  const country = campus.phone.defaultCountry;
  return {
    holds: holdsReadSpec({ http }),
    program: {
      component: 'curriculum-info',
      read: () => readStudentProgram(http),
      isEmpty: (p: StudentProgram) => p.curriculum === null,
    },
    contact: {
      component: 'contact-info',
      read: () => readOrEmpty(http, 'contact-info', contactInfoAnswerSchema),
      isEmpty: (contact: ContactInfo | null) =>
        contact === null || !hasContactInfo(contact, country),
    },
    person: {
      component: 'person-info',
      read: () => readOrEmpty(http, 'person-info', personInfoAnswerSchema),
      isEmpty: (person: unknown) => person === null,
    },
    emergency: {
      component: 'emergency-info',
      read: () => readOrEmpty(http, 'emergency-info', emergencyInfoAnswerSchema),
      isEmpty: (info: EmergencyInfo | null) =>
        info === null || info.EMERGENCY_CONTACTS.length === 0,
    },
    /** Issue 73: who has seen the person's portal. */
    views: {
      component: 'view-as',
      read: () => fetchPortalViews(http),
      isEmpty: (views: PortalView[]) => views.length === 0,
    },
    /** Issue 73: the people the student shares parts of the record with. */
    shares: {
      component: 'delegations',
      // Its schemas load with the read, off the portal's first route.
      read: () => fetchDelegations(http),
      isEmpty: (grants: Delegation[]) => grants.length === 0,
    },
  };
}

export type AccountReads = PageReads<ReturnType<typeof accountReadSpecs>>;

/** The route loader's wave: a student's holds and program besides everyone's records. */
export function startAccountReads(
  context: Pick<PortalContext, 'http' | 'campus'>,
  student: boolean,
): AccountReads {
  return startPageReads(
    accountReadSpecs(context),
    student
      ? ['holds', 'program', 'contact', 'person', 'emergency', 'views', 'shares']
      : ['contact', 'person', 'emergency', 'views'],
  );
}

/** What the page's route loader gives its container: its reads, kept by the router. */
export interface AccountLoad {
  reads: AccountReads;
}

/** The route's loader (`withReads`). */
export function pageReads({ context }: PageLoad): AccountLoad {
  return { reads: startAccountReads(context, isStudentUser(context)) };
}
