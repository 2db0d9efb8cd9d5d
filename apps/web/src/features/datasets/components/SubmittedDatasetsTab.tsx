import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useContributions } from '../api/list-contributions.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { lastPage } from '../../../lib/paging.ts';
import { statusPath } from '../lib/benchmark-rows.ts';
import { applySearchAndFilter, filterOptions, type FilterableContribution, type FilterGroup } from '../lib/contribution-filters.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { ContributionListFrame } from './ContributionListFrame.tsx';
import { CONTRIBUTION_PAGE_SIZE, ContributionTable } from './ContributionTable.tsx';
import { ListQueryState, listEmpty } from '../../../components/ListQueryState.tsx';
import { useAddedRowHighlight } from '../../../components/useAddedHighlight.ts';
import { useListControls } from '../../../components/useListControls.ts';

const refOf = (row: FilterableContribution) => row.submitRefNumber;

/**
 * The 'Submitted Dataset' tab of My Contribution (docs/product.md#dataset-screens): search, filter popover, refresh and
 * the paged table of the user's submissions. `added` (a submitRefNumber from the route) is jumped
 * to and highlighted for 4 s once it appears in the list.
 */
export function SubmittedDatasetsTab({ userId, added }: { userId: string | undefined; added: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useContributions(userId);
  const controls = useListControls<FilterGroup>();
  const { term, filter, clearAll, page, setPage } = controls;

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const rows = useMemo(() => applySearchAndFilter(all, term, filter), [all, term, filter]);
  const options = useMemo(() => filterOptions(all), [all]);
  const shownPage = Math.min(page, lastPage(rows.length, CONTRIBUTION_PAGE_SIZE));
  const autoRefreshing = all.some((r) => isActiveStatus(r.status));

  // Jump to the added row's page once the list holds it.
  const highlighted = useAddedRowHighlight(added, rows, refOf, CONTRIBUTION_PAGE_SIZE, setPage);

  const body = (
    <ListQueryState
      query={query}
      loading={t('datasets.contribution.loading')}
      errorTitle={t('datasets.contribution.loadError')}
      empty={listEmpty(all.length, rows.length)}
      none={{
        title: t('common.noRecords'),
        hint: t('datasets.contribution.emptyHint'),
        link: { to: '/dataset/upload', text: t('datasets.contribution.submitADataset'), variant: 'contained' },
      }}
      noMatch={{ title: t('common.noRecords'), hint: t('datasets.contribution.noMatchHint'), onClear: clearAll }}
    >
      {() => (
        <ContributionTable
          rows={rows}
          page={shownPage}
          onPageChange={setPage}
          highlighted={highlighted}
          onOpen={(row) => navigate(statusPath(row.submitRefNumber))}
        />
      )}
    </ListQueryState>
  );

  return (
    <ContributionListFrame
      controls={controls}
      query={query}
      userId={userId}
      placeholder={t('datasets.contribution.searchPlaceholder')}
      searchLabel={t('datasets.contribution.searchLabel')}
      options={options}
      note={autoRefreshing ? t('datasets.contribution.processingNote') : null}
    >
      {body}
    </ContributionListFrame>
  );
}
