import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { ListQueryState } from '../../../components/ListQueryState.tsx';
import { useAddedHighlight } from '../../../components/useAddedHighlight.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSession } from '../../../lib/session.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { lastPage, pageSlice } from '../../../lib/paging.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { RefreshButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { useSearches } from '../api/list-searches.ts';
import { MY_SEARCHES_PAGE_SIZE, MySearchesTable } from '../components/MySearchesTable.tsx';
import { SEARCH_FORM_PATH } from '../components/SearchRequestViews.tsx';
import { filterSearchRows, toTableRow } from '../lib/my-searches.ts';

/**
 * My Searches (docs/product.md#search-and-download): a search box, Refresh and the table of the user's searches, 10 a page
 * from the server's 1-based pages. While a term is typed, every row is fetched once and filtered
 * here, so the search covers all pages. `added` (a service request number) is highlighted for 4 s.
 */
export default function MySearchesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = session?.userDetails.userID;
  const navigate = useNavigate();
  const { added } = useParams();
  usePageTitle(t('search.my.title'));
  const [term, setTerm] = useState('');
  const [page, setPage] = useState(0);
  const searching = term.trim() !== '';
  const paged = useSearches(userId, page, !searching);
  const everything = useSearches(userId, 'all', searching);
  const query = searching ? everything : paged;

  const rows = useMemo(() => (query.data?.rows ?? []).map((s) => toTableRow(s)), [query.data]);
  const filtered = useMemo(() => (searching ? filterSearchRows(rows, term) : rows), [rows, term, searching]);
  const total = searching ? filtered.length : (query.data?.totalCount ?? 0);
  const shownPage = Math.min(page, lastPage(total, MY_SEARCHES_PAGE_SIZE));
  const visible = searching ? pageSlice(filtered, shownPage, MY_SEARCHES_PAGE_SIZE).items : filtered;
  const running = rows.some((r) => r.status === 'In-Progress');

  // Highlight the added search once a fetched page holds it.
  const highlighted = useAddedHighlight(
    added,
    useMemo(() => visible.map((r) => r.serviceRequestNumber), [visible]),
  );

  const body = (
    <ListQueryState
      query={query}
      loading={t('search.my.loading')}
      errorTitle={t('search.my.loadFailed')}
      empty={!searching && total === 0 ? 'none' : visible.length === 0 ? 'no-match' : undefined}
      none={{
        title: t('common.noRecords'),
        hint: t('search.my.emptyHint'),
        link: { to: SEARCH_FORM_PATH, text: t('search.my.searchRecords'), variant: 'contained', startIcon: <SearchIcon /> },
      }}
      noMatch={{
        title: t('common.noRecords'),
        hint: t('search.my.noMatchHint'),
        onClear: () => setTerm(''),
        clearText: t('search.my.clearBox'),
      }}
    >
      {() => (
        <MySearchesTable
          rows={visible}
          total={total}
          page={shownPage}
          onPageChange={setPage}
          highlighted={highlighted}
          onOpen={(row) => navigate(`/search-and-download-rec/completed/${encodeURIComponent(row.serviceRequestNumber)}`)}
        />
      )}
    </ListQueryState>
  );

  return (
    <PageFrame
      title={t('search.my.title')}
      subtitle={t('search.my.subtitle')}
      actions={
        <Button component={RouterLink} to={SEARCH_FORM_PATH} variant="contained" startIcon={<SearchIcon />}>
          {t('search.request.newSearch')}
        </Button>
      }
    >
      <SearchToolbar
        term={term}
        onTermChange={setTerm}
        onPageReset={() => setPage(0)}
        placeholder={t('search.my.placeholder')}
        searchLabel={t('search.my.searchLabel')}
      >
        <RefreshButton onRefresh={() => void query.refetch()} disabled={query.isFetching || !userId} />
      </SearchToolbar>
      {running && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {t('search.my.running')}
        </Typography>
      )}
      {body}
    </PageFrame>
  );
}
