import { holdsAnswerSchema } from '../../contract/sis/holds.schema.js';
import { sharedFirstRead } from '../lib/early-read.js';
import type { Http } from './client.js';
import { fetchIntegration } from './integrations.js';

/**
 * The reads the portal's long-lived actors and its first page both make: built once with the client
 * and given to both (the portal's services and the router's context), so that during the first load
 * each address is asked for once.
 */
export const firstReadsFor = (http: Http) => ({
  /** The banner's hold line and the dashboard's hold summary. */
  holds: sharedFirstRead(() => fetchIntegration(http, 'holds', holdsAnswerSchema)),
});

export type FirstReads = ReturnType<typeof firstReadsFor>;
