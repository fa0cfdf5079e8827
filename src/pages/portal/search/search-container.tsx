import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SearchGroup } from '../../../../contract/search.schema.js';
import { selectGroupMore } from '../../../machines/search.machine.js';
import { SearchResults } from '../../../ui/portal/search/search-results.js';
import { SectionPage } from '../../../ui/portal/section-page.js';
import { usePortal } from '../../../routes/portal/context.js';
import { portalRouteApi } from '../../../routes/portal/route-api.js';
import { usePendingContent } from '../../shared/scroll-restoration.js';
import { PageToolbar } from '../shared/blocks/page-toolbar-block.js';
import { usePageTitle } from '../shared/page-title.js';
import { useSearch } from './use-search.js';

const route = portalRouteApi('/search');

/** `/search?q=`: the query is the address, so Back returns to the last one. */
export function SearchContainer() {
  const { q = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const { campus } = usePortal();
  const { t } = useLingui();
  const title = t`Search`;
  const { actor, answer, pending, failed, open } = useSearch();
  const snapshot = useSelector(actor, (s) => s);
  usePageTitle(q.trim() ? t`Search: ${q}` : title);
  useEffect(() => actor.send({ type: 'search.type', query: q }), [actor, q]);
  usePendingContent(pending && answer === null);
  const recovery = [
    ...campus.supportAndHelp.slice(0, 1),
    { label: t`Events and news`, url: '/community' },
    { label: t`Resources`, url: '/resources' },
  ];
  return (
    <SectionPage title={title} toolbar={<PageToolbar title={title} withSearch={false} />}>
      <form
        className="search-page__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          void navigate({ search: { q: String(data.get('q') ?? '') } });
        }}
      >
        <label htmlFor="search-page-query">
          <Trans>Search the portal</Trans>
        </label>
        <div className="search-page__row">
          <input
            key={q}
            id="search-page-query"
            name="q"
            type="search"
            className="search-box__input"
            defaultValue={q}
            maxLength={200}
          />
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </div>
      </form>
      <SearchResults
        query={q}
        answer={answer}
        pending={pending}
        failed={failed}
        recovery={recovery}
        onOpen={open}
        onRetry={() => actor.send({ type: 'search.retry' })}
        moreOf={(group: SearchGroup) => selectGroupMore(snapshot, group)}
        onMore={(group) => actor.send({ type: 'search.more', group })}
      />
    </SectionPage>
  );
}
