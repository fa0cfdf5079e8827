import { seesStudentBlocks } from '../../../lib/sis-person.js';
import type { DelegateCategory } from '../../../../contract/delegates.schema.js';
import { selectDelegating, selectUser } from '../../../machines/app.machine.js';
import type { PortalContext } from '../../../routes/portal/context.js';

/** Whether the signed-in person sees a student's blocks and pages, so a page's loader reads them. */
export const isStudentUser = ({ app }: Pick<PortalContext, 'app'>) => {
  const user = selectUser(app.getSnapshot());
  return user ? seesStudentBlocks(user) : false;
};

/** Issue 88: whether a delegate reads the student's `category`, so the page's loader reads it. */
export const delegateReads = ({ app }: Pick<PortalContext, 'app'>, category: DelegateCategory) =>
  selectDelegating(app.getSnapshot())?.categories.includes(category) ?? false;
