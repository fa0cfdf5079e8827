import { financialAccountSummaryAnswerSchema } from '../../../../contract/sis/finances.schema.js';
import { financialAidInfoAnswerSchema } from '../../../../contract/sis/financial-aid.schema.js';
import type { FinancialAid } from '../../../../contract/sis/financial-aid.schema.js';
import { fetchPayments } from '../../../api/payments.js';
import type { PageLoad, PortalContext } from '../../../routes/portal/context.js';
import { startPageReads } from '../shared/page-reads.js';
import type { PageReads } from '../shared/page-reads.js';
import { readOrEmpty } from '../shared/sis-reads.js';
import { delegateReads, isStudentUser } from '../shared/student-user.js';
import { holdsReadSpec } from '../shared/holds-section.js';

/** portal.md §8: "Unable to retrieve account summary" (the error list's words, English). */
const SUMMARY_FAILED = 'Unable to retrieve account summary';

/**
 * What a student's Finances page reads (portal.md §2 /finances, §7), one declaration for its route's
 * loader and its two sections.
 */
export function financesReadSpecs({ http }: Pick<PortalContext, 'http'>) {
  return {
    summary: {
      component: 'financial-account-summary',
      message: SUMMARY_FAILED,
      read: () =>
        readOrEmpty(http, 'financial-account-summary', financialAccountSummaryAnswerSchema),
      isEmpty: (summary: unknown) => summary === null,
    },
    aid: {
      component: 'financial-aid-info',
      read: () => readOrEmpty(http, 'financial-aid-info', financialAidInfoAnswerSchema),
      isEmpty: (aid: FinancialAid | null) =>
        aid === null || (aid.FINAID_DETAIL.length === 0 && !aid.FINAID_MSG),
    },
    /** A delegate's "Finances and holds" (issue 88): the holds, which a student reads on Account. */
    holds: holdsReadSpec({ http }),
    /** Issue 89: "Payments made here", read where a provider is configured. */
    payments: { component: 'payments', read: () => fetchPayments(http) },
  };
}

export type FinancesReads = PageReads<ReturnType<typeof financesReadSpecs>>;

/** What the page's route loader gives its container: its reads, kept by the router. */
export interface FinancesLoad {
  reads: FinancesReads | null;
}

/**
/**
 * The route's loader (`withReads`): a student's account and aid, and the payments made here where
 * a provider is configured; a delegate's the student shared Finances with (issue 88) the same;
 * others read nothing here.
 */
export function pageReads({ context }: PageLoad): FinancesLoad {
  if (!isStudentUser(context) && !delegateReads(context, 'finances')) return { reads: null };
  const paysHere = context.campus.finances.pay.provider !== 'link';
  const names = [
    'summary',
    'aid',
    ...(paysHere ? ['payments' as const] : []),
    ...(delegateReads(context, 'finances') ? ['holds' as const] : []),
  ] as const;
  return { reads: startPageReads(financesReadSpecs(context), names) };
}
