import { Fragment, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { FilterPopover } from '../../../components/FilterPopover.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { FilterButton, SearchToolbar, TablePaging } from '../../../components/TableToolbar.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { benchmarkDescription, benchmarkName } from '../../../lib/platform-content.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { domainName, domainNames } from '../../../lib/i18n/names.ts';
import { benchmarkErrorText } from '../lib/errors.ts';
import { formatCount } from '../lib/leaderboard.ts';
import { useBenchmarksForModel, useExecuteBenchmark } from '../api/benchmarks.ts';
import {
  EMPTY_SELECTION,
  SELECTION_ERRORS,
  SELECTION_PAGE_SIZES,
  canSubmit,
  executeItems,
  filterOptions,
  toggleDataset,
  toggleMetric,
} from '../lib/selection.ts';
import { MetricName } from '../../../components/MetricName.tsx';

/**
 * Cells shown from `sm` up: on a phone the domain (also the filter's) and the description give
 * their width to the name and the switch, so the table needs no sideways scrolling.
 */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * The Run Benchmark modal (docs/product.md#model-screens "Benchmark selection modal", docs/product.md#states-and-transitions "Benchmark flow"): the
 * benchmark datasets the model can be run on, with search, a Domain filter and 10/20/100 rows per
 * page; one dataset and any of its available metrics are chosen, Submit starts the runs
 * (…/benchmark/execute). `onDone(message)` is called after a successful submit (the caller reloads
 * its list and shows the message); a refusal (e.g. 409, already run) is shown in the modal.
 */
export function RunBenchmarkDialog({
  model,
  onClose,
  onDone,
}: {
  model: { modelId: string; name: string; version: string };
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, lang } = useTranslation();
  const options = useBenchmarksForModel(model.modelId);
  const execute = useExecuteBenchmark();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [selection, setSelection] = useState(EMPTY_SELECTION);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [domainFilter, setDomainFilter] = useState<{ domain?: string[] }>({});
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(SELECTION_PAGE_SIZES[0]);
  const [error, setError] = useState<string | null>(null);

  const all = useMemo(() => options.data?.data ?? [], [options.data]);
  const rows = useMemo(() => filterOptions(all, term, domainFilter.domain ?? []), [all, term, domainFilter]);
  const domains = useMemo(() => [...new Set(all.flatMap((b) => b.domain))].sort(), [all]);
  const shownPage = Math.min(page, Math.max(0, Math.ceil(rows.length / pageSize) - 1));
  const visible = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  const submit = () => {
    const out = executeItems(selection);
    if ('error' in out) {
      setError(out.error === SELECTION_ERRORS.dataset ? t('benchmarks.run.selectDataset') : t('benchmarks.run.selectMetric'));
      return;
    }
    setError(null);
    execute.mutate(
      { modelId: model.modelId, benchmarks: out.items },
      {
        // English keeps the server's own text (as before); Hindi and Tamil say it from the catalogue.
        onSuccess: (res) => onDone(lang === 'en' && res.message ? res.message : t('benchmarks.run.started')),
        onError: (err) => setError(benchmarkErrorText(err)),
      },
    );
  };

  const body = (
    <QueryState
      query={options}
      loading={t('benchmarks.run.loading')}
      empty={
        all.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} role="status">
            {t('benchmarks.run.noneAvailable')}
          </Typography>
        ) : undefined
      }
    >
      {() => (
        <>
          <SearchToolbar
            term={term}
            onTermChange={setTerm}
            onPageReset={() => setPage(0)}
            placeholder={t('benchmarks.list.search')}
            searchLabel={t('benchmarks.list.search')}
          >
            <FilterButton count={domainFilter.domain?.length ?? 0} onOpen={setAnchor} />
          </SearchToolbar>
          <DataTable
            size="small"
            label={t('benchmarks.run.table')}
            sx={{ minWidth: { sm: 560 } }}
            head={
              <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: { sm: 'nowrap' } } }}>
                <TableCell padding="checkbox" aria-label={t('benchmarks.field.metrics')} />
                <TableCell>{t('benchmarks.run.dataset')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('benchmarks.field.domain')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('benchmarks.field.description')}</TableCell>
                <TableCell align="center">{t('benchmarks.run.select')}</TableCell>
              </TableRow>
            }
          >
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 2 }}>
                    {t('benchmarks.run.noneAvailable')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {visible.map((b) => {
              const isSelected = selection.benchmarkId === b.benchmarkId;
              const isOpen = expanded === b.benchmarkId || isSelected;
              const available = b.availableMetric.map((m) => m.metricName);
              const metricNames = [...new Set([...b.metric, ...available])];
              const name = benchmarkName(t, b);
              return (
                <Fragment key={b.benchmarkId}>
                  <TableRow selected={isSelected} sx={{ '& > td': { borderBottom: isOpen ? 'unset' : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        onClick={() => setExpanded(expanded === b.benchmarkId ? null : b.benchmarkId)}
                        aria-expanded={isOpen}
                        aria-label={t('benchmarks.run.metricsOf', { name })}
                      >
                        {isOpen ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>{name}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{domainNames(b.domain) || '-'}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, maxWidth: 320, overflowWrap: 'break-word' }}>
                      {benchmarkDescription(t, b) || '-'}
                    </TableCell>
                    <TableCell align="center">
                      <Switch
                        checked={isSelected}
                        onChange={() => {
                          setSelection((s) => toggleDataset(s, b.benchmarkId));
                          setError(null);
                        }}
                        slotProps={{ input: { 'aria-label': t('benchmarks.run.selectOne', { name }) } }}
                      />
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={5} sx={{ py: 0, borderBottom: isOpen ? undefined : 'unset' }}>
                      <Collapse in={isOpen} timeout="auto" unmountOnExit>
                        <Box
                          sx={{ py: 1, pl: { sm: 6 }, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
                          role="group"
                          aria-label={t('benchmarks.run.metricsOf', { name })}
                        >
                          {metricNames.map((m) => {
                            const enabled = available.includes(m);
                            const control = (
                              <FormControlLabel
                                key={m}
                                disabled={!enabled}
                                control={
                                  <Checkbox
                                    size="small"
                                    checked={isSelected && selection.metrics.includes(m)}
                                    onChange={() => {
                                      setSelection((s) => toggleMetric(s, b.benchmarkId, m, available));
                                      setError(null);
                                    }}
                                  />
                                }
                                label={<MetricName metric={m} />}
                              />
                            );
                            return enabled ? (
                              control
                            ) : (
                              <Tooltip key={m} title={t('benchmarks.run.unavailableMetric')}>
                                <span>{control}</span>
                              </Tooltip>
                            );
                          })}
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              );
            })}
          </DataTable>
          <TablePaging
            count={rows.length}
            page={shownPage}
            onPageChange={setPage}
            pageSize={pageSize}
            pageSizes={SELECTION_PAGE_SIZES}
            onPageSizeChange={setPageSize}
            labelRowsPerPage={t('benchmarks.run.rowsPerPage')}
            // A long label (Tamil) wraps onto its own line on a phone instead of pushing the page arrows out.
            sx={{
              '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
              '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
            }}
            labelDisplayedRows={({ from, to, count }) =>
              t('benchmarks.run.rows', { from: formatCount(from), to: formatCount(to), total: formatCount(count) })
            }
            getItemAriaLabel={(type) => t(type === 'next' || type === 'last' ? 'benchmarks.run.nextPage' : 'benchmarks.run.previousPage')}
          />
          <FilterPopover
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            groups={[
              {
                key: 'domain' as const,
                label: t('benchmarks.field.domain'),
                options: domains.map((d) => ({ value: d, label: domainName(d) })),
              },
            ]}
            value={domainFilter}
            onApply={(f) => {
              setDomainFilter(f);
              setPage(0);
            }}
            cleared={{}}
            width={320}
            emptyGroupText={t('benchmarks.run.noDomain')}
            ariaLabel={t('benchmarks.run.filterByDomain')}
            clearDisabledWhen="draft-empty"
          />
        </>
      )}
    </QueryState>
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="run-benchmark-title">
      <DialogTitle id="run-benchmark-title" sx={{ pr: 6 }}>
        {t('benchmarks.run.title')}
        <Typography variant="body2" color="text.secondary">
          {model.name} {model.version}
        </Typography>
      </DialogTitle>
      <IconButton aria-label={t('benchmarks.run.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {body}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={!canSubmit(selection) || execute.isPending}>
          {execute.isPending ? t('benchmarks.run.submitting') : t('common.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
