import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ListQueryState, listEmpty } from '../../../components/ListQueryState.tsx';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { FilterButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { useListControls } from '../../../components/useListControls.ts';
import { selectedCount } from '../../../lib/filter-selection.ts';
import { useReadyMadeList } from '../api/readymade-list.ts';
import {
  TABS,
  countsByType,
  filterOptions,
  tabFromParam,
  datasetTypeText,
  visibleDatasets,
  type ReadyMadeFilterGroup,
} from '../lib/readymade-filters.ts';
import { ReadyMadeCard } from '../components/ReadyMadeCard.tsx';
import { ReadyMadeFilterPopover } from '../components/ReadyMadeFilterPopover.tsx';

/**
 * Ready-made datasets (docs/product.md#ready-made-datasets), public at /dataset/readymade-datasets and signed
 * in at /readymade-dataset: tabs by task type (default parallel-corpus, kept in `?type=`), a search
 * box, the Domain / Language / Submitter filter, and one card per dataset with its download.
 */
export default function ReadyMadeDatasetsPage() {
  const { t } = useTranslation();
  usePageTitle(t('menu.readymadeDatasets'));
  const [params, setParams] = useSearchParams();
  const tab = tabFromParam(params.get('type'));
  const query = useReadyMadeList();
  const { term, setTerm, filter, setFilter, clearAll } = useListControls<ReadyMadeFilterGroup>();
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const counts = useMemo(() => countsByType(all), [all]);
  const inTab = useMemo(() => visibleDatasets(all, tab, '', {}), [all, tab]);
  const options = useMemo(() => filterOptions(inTab), [inTab]);
  const shown = useMemo(() => visibleDatasets(all, tab, term, filter), [all, tab, term, filter]);

  const changeTab = (value: string) => {
    // The filter's choices are those of the tab, so a new tab starts unfiltered.
    setFilter({});
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('type', value);
      return next;
    });
  };

  const body = (
    <ListQueryState
      query={query}
      loading={t('readymade.loading')}
      errorTitle={t('readymade.loadFailed')}
      empty={listEmpty(inTab.length, shown.length)}
      none={{ title: t('common.noRecords'), hint: t('readymade.noneOfType', { type: datasetTypeText(tab) }), role: 'status' }}
      noMatch={{ title: t('common.noRecords'), hint: t('readymade.noMatch'), onClear: clearAll, role: 'status' }}
    >
      {() => (
        <Box
          component="section"
          aria-label={t('readymade.sectionLabel', { type: datasetTypeText(tab) })}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {shown.map((d) => (
            <ReadyMadeCard key={d.datasetId} dataset={d} />
          ))}
        </Box>
      )}
    </ListQueryState>
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('menu.readymadeDatasets')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('readymade.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <ScrollTabs
          value={tab}
          onChange={changeTab}
          label={t('readymade.taskTypes')}
          // A scroll button with nothing to scroll to takes no room (MUI keeps it, invisible, as a gap).
          sx={{ '& .MuiTabScrollButton-root.Mui-disabled': { width: 0 } }}
          tabs={TABS.map(({ value }) => ({
            value,
            label: counts[value] ? `${datasetTypeText(value)} (${counts[value]})` : datasetTypeText(value),
          }))}
        />
      </Paper>
      <SearchToolbar
        term={term}
        onTermChange={setTerm}
        placeholder={t('readymade.searchPlaceholder')}
        searchLabel={t('readymade.searchLabel')}
        onPaper
      >
        <FilterButton
          count={selectedCount(filter)}
          onOpen={setFilterAnchor}
          disabled={query.isPending || query.isError}
          badgeSx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          buttonSx={{ bgcolor: 'background.paper' }}
        />
      </SearchToolbar>
      {body}
      <ReadyMadeFilterPopover
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        options={options}
        value={filter}
        onApply={setFilter}
      />
    </Container>
  );
}
