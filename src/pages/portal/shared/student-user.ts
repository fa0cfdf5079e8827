import { seesStudentBlocks } from '../../../lib/sis-person.js';
import { selectUser } from '../../../machines/app.machine.js';
import type { PortalContext } from '../../../routes/portal/context.js';

/** Whether the signed-in person sees a student's blocks and pages, so a page's loader reads them. */
export const isStudentUser = ({ app }: Pick<PortalContext, 'app'>) => {
  const user = selectUser(app.getSnapshot());
  return user ? seesStudentBlocks(user) : false;
};
