import { currentTermAnswerSchema } from '../../../../contract/sis/term.schema.js';
import type { Page, Post } from '../../../../contract/content.schema.js';
import type { FeedEvent } from '../../../../contract/events.schema.js';
import type { MyNextStepsTask } from '../../../../contract/next-steps/mynextsteps.schema.js';
import type { Hold } from '../../../../contract/sis/holds.schema.js';
import type { IntegrationAnswer } from '../../../../contract/sis/integrations.schema.js';
import type { Http } from '../../../api/client.js';
import { fetchPage, fetchPosts } from '../../../api/content.js';
import { fetchFeed } from '../../../api/events.js';
import type { FirstReads } from '../../../api/first-reads.js';
import { fetchIntegration } from '../../../api/integrations.js';
import { fetchMyNextSteps } from '../../../api/mynextsteps.js';
import { startEarlyRead } from '../../../lib/early-read.js';
import type { EarlyRead } from '../../../lib/early-read.js';
import { dataOf } from '../../../lib/sis-answer.js';
import { readStudentProgram } from '../shared/sis-reads.js';
import type { StudentProgram } from '../shared/sis-reads.js';

/** A student's blocks: the card, the hold summary, Today's Classes' term and My Next Steps. */
export interface StudentReads {
  program: EarlyRead<StudentProgram>;
  holds: EarlyRead<Hold[] | null>;
  currentTerm: EarlyRead<IntegrationAnswer<'current-term'>>;
  tasks: EarlyRead<MyNextStepsTask[]>;
}

/**
 * What the dashboard reads, started by its route's loader as the router loads the route (after the
 * guard, or on the intent to follow a link to it), so that every answer is under way while the page
 * renders: one wave, not one per block as each mounts. They reach the container as the route's loader
 * data; the page and each block take their own once.
 */
export interface DashboardReads {
  page: EarlyRead<Page | null>;
  news: EarlyRead<Post[]>;
  events: EarlyRead<FeedEvent[]>;
  /** Null for someone who is not a student: those blocks are not shown. */
  student: StudentReads | null;
}

export function startDashboardReads(
  http: Http,
  firstReads: FirstReads,
  student: boolean,
  at = Date.now(),
): DashboardReads {
  const started = <T>(answer: Promise<T>) => startEarlyRead(answer, at);
  return {
    page: started(fetchPage(http, '/')),
    news: started(fetchPosts(http, { post_type: 'blog' })),
    events: started(fetchFeed(http, 'pdx-events')),
    student: student
      ? {
          program: started(readStudentProgram(http)),
          // The banner's hold line asked for the holds first: its answer, not a second read.
          holds: started(firstReads.holds().then(dataOf)),
          currentTerm: started(fetchIntegration(http, 'current-term', currentTermAnswerSchema)),
          tasks: started(fetchMyNextSteps(http)),
        }
      : null,
  };
}
