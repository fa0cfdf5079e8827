import { z } from 'zod';
import { MAX_MAP_QUERY } from '../../../lib/map-query.js';

/**
 * `/map?q=`: what the campus map's list is searched for (issue 89), the same whether typed with the
 * page's scripts or sent by its form without them. The router reads `?q=251` as a number: it stays
 * the text typed. Anything longer than a search is cut; anything else reads as no search.
 */
export const mapSearchSchema = z.object({
  q: z
    .union([z.string(), z.number()])
    .transform((q) => String(q).slice(0, MAX_MAP_QUERY))
    .optional()
    .catch(undefined),
});
