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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
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
import { FilterButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBenchmarksForModel, useExecuteBenchmark } from '../api/benchmarks.ts';
import {
  EMPTY_SELECTION,
  SELECTION_PAGE_SIZES,
  canSubmit,
  executeItems,
  filterOptions,
  toggleDataset,
  toggleMetric,
} from '../lib/selection.ts';
import { MetricName } from '../../../components/MetricName.tsx';

/** Shown when no published benchmark fits the model (docs/product.md#model-screens). */
export const NO_BENCHMARK_AVAILABLE = 'No benchmark dataset available';

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
      setError(out.error);
      return;
    }
    setError(null);
    execute.mutate(
      { modelId: model.modelId, benchmarks: out.items },
      { onSuccess: (res) => onDone(res.message || 'Benchmark run started.'), onError: (err) => setError(errorMessage(err)) },
    );
  };

  const body = (
    <QueryState
      query={options}
      loading="Loading benchmark datasets…"
      empty={
        all.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} role="status">
            {NO_BENCHMARK_AVAILABLE}
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
            placeholder="Search benchmark datasets"
            searchLabel="Search benchmark datasets"
          >
            <FilterButton count={domainFilter.domain?.length ?? 0} onOpen={setAnchor} />
          </SearchToolbar>
          <TableContainer>
            <Table size="small" aria-label="Benchmark datasets" sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
                  <TableCell padding="checkbox" aria-label="Metrics" />
                  <TableCell>Benchmark Dataset</TableCell>
                  <TableCell>Domain</TableCell>
                  <TableCell>Description</TableCell>
                  <TableCell align="center">Select</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography color="text.secondary" sx={{ py: 2 }}>
                        {NO_BENCHMARK_AVAILABLE}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {visible.map((b) => {
                  const isSelected = selection.benchmarkId === b.benchmarkId;
                  const isOpen = expanded === b.benchmarkId || isSelected;
                  const available = b.availableMetric.map((m) => m.metricName);
                  const metricNames = [...new Set([...b.metric, ...available])];
                  return (
                    <Fragment key={b.benchmarkId}>
                      <TableRow selected={isSelected} sx={{ '& > td': { borderBottom: isOpen ? 'unset' : undefined } }}>
                        <TableCell padding="checkbox">
                          <IconButton
                            size="small"
                            onClick={() => setExpanded(expanded === b.benchmarkId ? null : b.benchmarkId)}
                            aria-expanded={isOpen}
                            aria-label={`Metrics of ${b.name}`}
                          >
                            {isOpen ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                          </IconButton>
                        </TableCell>
                        <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{b.name}</TableCell>
                        <TableCell>{b.domain.join(', ') || '-'}</TableCell>
                        <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{b.description || '-'}</TableCell>
                        <TableCell align="center">
                          <Switch
                            checked={isSelected}
                            onChange={() => {
                              setSelection((s) => toggleDataset(s, b.benchmarkId));
                              setError(null);
                            }}
                            slotProps={{ input: { 'aria-label': `Select ${b.name}` } }}
                          />
                        </TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell colSpan={5} sx={{ py: 0, borderBottom: isOpen ? undefined : 'unset' }}>
                          <Collapse in={isOpen} timeout="auto" unmountOnExit>
                            <Box
                              sx={{ py: 1, pl: { sm: 6 }, display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
                              role="group"
                              aria-label={`Metrics of ${b.name}`}
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
                                  <Tooltip key={m} title="This metric cannot be computed on this platform for this dataset.">
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
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rows.length}
            page={shownPage}
            onPageChange={(_e, p) => setPage(p)}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...SELECTION_PAGE_SIZES]}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
          />
          <FilterPopover
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            groups={[{ key: 'domain' as const, label: 'Domain', options: domains.map((d) => ({ value: d, label: d })) }]}
            value={domainFilter}
            onApply={(f) => {
              setDomainFilter(f);
              setPage(0);
            }}
            cleared={{}}
            width={320}
            emptyGroupText="No domain"
            ariaLabel="Filter benchmark datasets by domain"
            clearDisabledWhen="draft-empty"
          />
        </>
      )}
    </QueryState>
  );

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby="run-benchmark-title">
      <DialogTitle id="run-benchmark-title" sx={{ pr: 6 }}>
        Select Benchmark Dataset and Metric
        <Typography variant="body2" color="text.secondary">
          {model.name} {model.version}
        </Typography>
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
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
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!canSubmit(selection) || execute.isPending}>
          {execute.isPending ? 'Submitting…' : 'Submit'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
