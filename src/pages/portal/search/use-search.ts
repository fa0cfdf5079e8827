import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import type { SearchResult } from '../../../../contract/search.schema.js';
import {
  searchMachine,
  selectAnswer,
  selectHasFailed,
  selectIsPending,
  selectQuery,
} from '../../../machines/search.machine.js';
import { usePortal } from '../../../routes/portal/context.js';
import { useActorRef } from '../../../inspector/use-actor-ref.js';

/** A search actor of this component, asking the portal's API, and the way to open a result. */
export function useSearch() {
  const { http } = usePortal();
  const router = useRouter();
  const actor = useActorRef(
    searchMachine.provide({
      actors: {
        // The answer's schema loads with the first search, not with every page's toolbar.
        search: fromPromise(async ({ input, signal }) =>
          (await import('../../../api/search.js')).fetchSearch(http, input.query, signal),
        ),
        searchMore: fromPromise(async ({ input, signal }) =>
          (await import('../../../api/search.js')).fetchSearch(
            http,
            input.query,
            signal,
            input.after,
          ),
        ),
      },
    }),
  );
  const open = useCallback(
    (result: SearchResult) => {
      if (result.external) window.open(result.href, '_blank', 'noopener,noreferrer');
      else void router.navigate({ href: result.href });
    },
    [router],
  );
  return {
    actor,
    query: useSelector(actor, selectQuery),
    answer: useSelector(actor, selectAnswer),
    pending: useSelector(actor, selectIsPending),
    failed: useSelector(actor, selectHasFailed),
    open,
  };
}
