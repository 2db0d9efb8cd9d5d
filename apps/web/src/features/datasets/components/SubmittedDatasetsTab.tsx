import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { useContributions } from '../api/list-contributions.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { statusPath } from '../lib/benchmark-rows.ts';
import { applySearchAndFilter, filterOptions, pageOfIndex } from '../lib/contribution-filters.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { ContributionListFrame, useContributionControls } from './ContributionListFrame.tsx';
import { CONTRIBUTION_PAGE_SIZE, ContributionTable } from './ContributionTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { MessageBlock, NoMatches } from '../../../components/StateViews.tsx';
import { useAddedHighlight } from '../../../components/useAddedHighlight.ts';

/**
 * The 'Submitted Dataset' tab of My Contribution (docs/product.md#dataset-screens): search, filter popover, refresh and
 * the paged table of the user's submissions. `added` (a submitRefNumber from the route) is jumped
 * to and highlighted for 4 s once it appears in the list.
 */
export function SubmittedDatasetsTab({ userId, added }: { userId: string | undefined; added: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useContributions(userId);
  const controls = useContributionControls();
  const { term, setTerm, filter, setFilter, page, setPage } = controls;

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const rows = useMemo(() => applySearchAndFilter(all, term, filter), [all, term, filter]);
  const options = useMemo(() => filterOptions(all), [all]);
  const lastPage = Math.max(0, Math.ceil(rows.length / CONTRIBUTION_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const autoRefreshing = all.some((r) => isActiveStatus(r.status));

  // Jump to the added row's page once the list holds it.
  const highlighted = useAddedHighlight(
    added,
    useMemo(() => rows.map((r) => r.submitRefNumber), [rows]),
    (index) => setPage(pageOfIndex(index, CONTRIBUTION_PAGE_SIZE)),
  );

  const clearAll = () => {
    setTerm('');
    setFilter({});
    setPage(0);
  };

  const body = (
    <QueryState
      query={query}
      loading={t('datasets.contribution.loading')}
      errorTitle={t('datasets.contribution.loadError')}
      empty={
        all.length === 0 ? (
          <MessageBlock
            title={t('common.noRecords')}
            hint={t('datasets.contribution.emptyHint')}
            action={
              <Button component={RouterLink} to="/dataset/upload" variant="contained">
                {t('datasets.contribution.submitADataset')}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <NoMatches title={t('common.noRecords')} hint={t('datasets.contribution.noMatchHint')} onClear={clearAll} />
        ) : undefined
      }
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
    </QueryState>
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
