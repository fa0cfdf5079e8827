/**
 * Where each category takes a delegate (issue 88): the portal's own pages, by the start of their
 * address; Next Steps' app, its own page. Nothing else is theirs to read: not
 * the dashboard, which joins every part of the record, nor Account. A module of its own, without
 * the sections' names, so the first route's `/` can send a delegate on; the rules are the
 * contract's, which the server's sign-in reads too.
 */
export {
  NEXT_STEPS_HOME,
  delegateLanding,
  delegateLink,
} from '../../contract/delegate-sections.rules.js';
