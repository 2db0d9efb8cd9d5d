import { Fragment, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ModelRecord } from '@ulca/contracts';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { benchmarkDetailPath, type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import { metricLabel } from '../../../lib/metric-glossary.ts';
import { domainText, formatEpochDay, licenseText } from '../lib/format.ts';
import { benchmarkRunsView, isExpandable, modelActions, modelStatusColor } from '../lib/my-models.ts';
import { modelTaskText } from '../lib/tasks.ts';
import { ModelStatus } from './ModelStatus.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { benchmarkName } from '../../../lib/platform-content.ts';
import { DataTable } from '../../../components/DataTable.tsx';

/** The columns, as keys of `models.col` in the catalogue. */
const COLUMNS = ['task', 'modelName', 'version', 'domain', 'license', 'submittedOn', 'status', 'action'];

/** What a row's Action cell asks for. */
export interface MyModelsActions {
  onToggleStatus: (row: ModelRecord, to: 'published' | 'unpublished') => void;
  /** Opens the benchmark selection modal for the row (docs/product.md#model-screens). */
  onRunBenchmark: (row: ModelRecord) => void;
  /** Opens the feedback left on the row's model. */
  onFeedback?: (row: ModelRecord) => void;
}

/**
 * The My Models table (docs/product.md#model-screens): Task, Model Name, Version, Domain, License (upper-case),
 * Submitted On (DD/MM/YYYY), Status (reason tooltip), Action (Run Benchmark, Publish / Unpublish),
 * and an expand button on rows that have benchmark runs. `rows` is the current page; the
 * `highlighted` model is scrolled into view and tinted.
 */
export function MyModelsTable({
  rows,
  highlighted,
  actions,
}: {
  rows: readonly ModelRecord[];
  highlighted: string | null;
  actions: MyModelsActions;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const highlightRef = useRef<HTMLTableRowElement | null>(null);

  useEffect(() => {
    if (highlighted) highlightRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [highlighted]);

  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <DataTable
      label={t('models.my.title')}
      sx={{ minWidth: 900 }}
      head={
        <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
          <TableCell padding="checkbox" aria-label={t('models.my.benchmarkRuns')} />
          {COLUMNS.map((c) => (
            <TableCell key={c}>{t(`models.col.${c}`)}</TableCell>
          ))}
        </TableRow>
      }
    >
      {rows.map((row) => {
        const isHighlighted = row.modelId === highlighted;
        const open = expanded.has(row.modelId);
        const canExpand = isExpandable(row);
        const act = modelActions(row);
        return (
          <Fragment key={row.modelId}>
            <TableRow
              ref={isHighlighted ? highlightRef : undefined}
              selected={isHighlighted}
              data-highlighted={isHighlighted || undefined}
              sx={{
                '& > td': { borderBottom: open ? 'unset' : undefined },
                transition: 'background-color 600ms ease',
                '&.Mui-selected, &.Mui-selected:hover': { bgcolor: (t) => alpha(t.palette.warning.main, 0.16) },
              }}
            >
              <TableCell padding="checkbox">
                <Tooltip title={canExpand ? (open ? t('models.my.hideRuns') : t('models.my.showRuns')) : t('models.my.noRuns')}>
                  <span>
                    <IconButton
                      size="small"
                      disabled={!canExpand}
                      onClick={() => toggle(row.modelId)}
                      aria-expanded={open}
                      aria-label={t('models.my.runsOf', { name: row.name })}
                    >
                      {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{modelTaskText(row.task.type)}</TableCell>
              <TableCell sx={{ minWidth: 160, maxWidth: 280, overflowWrap: 'anywhere', fontWeight: 500 }}>{row.name}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.version}</TableCell>
              <TableCell sx={{ maxWidth: 160, overflowWrap: 'anywhere' }}>{domainText(row.domain)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{licenseText(row.license)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatEpochDay(row.submittedOn)}</TableCell>
              <TableCell>
                <ModelStatus status={row.status} reason={row.unpublishReason} />
              </TableCell>
              <TableCell>
                <ActionCell row={row} act={act} actions={actions} />
              </TableCell>
            </TableRow>
            {canExpand && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1} sx={{ py: 0, borderBottom: open ? undefined : 'unset' }}>
                  <Collapse in={open} timeout="auto" unmountOnExit>
                    <BenchmarkRuns row={row} />
                  </Collapse>
                </TableCell>
              </TableRow>
            )}
          </Fragment>
        );
      })}
    </DataTable>
  );
}

/** The Action cell: '--' when the model takes no action; else Run Benchmark (unless published) and Publish / Unpublish. */
export function ActionCell({ row, act, actions }: { row: ModelRecord; act: ReturnType<typeof modelActions>; actions: MyModelsActions }) {
  const { t } = useTranslation();
  const feedback = actions.onFeedback && (
    <Button size="small" variant="text" onClick={() => actions.onFeedback?.(row)} sx={{ whiteSpace: 'nowrap' }}>
      {t('models.feedback.open')}
    </Button>
  );
  if (!act)
    return (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography color="text.secondary">--</Typography>
        {feedback}
      </Stack>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {act.runBenchmark && (
        <Button size="small" variant="outlined" onClick={() => actions.onRunBenchmark(row)} sx={{ whiteSpace: 'nowrap' }}>
          {t('models.my.runBenchmark')}
        </Button>
      )}
      <Tooltip title={act.toggleDisabled ? t('models.my.runInProgress') : ''}>
        <span>
          <Button
            size="small"
            variant="contained"
            color={act.toggleTo === 'unpublished' ? 'error' : 'success'}
            disabled={act.toggleDisabled}
            onClick={() => actions.onToggleStatus(row, act.toggleTo)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {act.toggleTo === 'unpublished' ? t('models.my.unpublish') : t('models.my.publish')}
          </Button>
        </span>
      </Tooltip>
      {feedback}
    </Stack>
  );
}

/** The expanded row: the model's benchmark runs, newest first (docs/product.md#screens "Benchmark run rows"). */
function BenchmarkRuns({ row }: { row: ModelRecord }) {
  const { t } = useTranslation();
  const runs = benchmarkRunsView(row);
  return (
    <Box sx={{ m: 1, ml: 7 }}>
      <Table size="small" aria-label={t('models.my.runsOf', { name: row.name })}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600 } }}>
            <TableCell>{t('models.col.benchmarkDataset')}</TableCell>
            <TableCell>{t('models.col.metric')}</TableCell>
            <TableCell>{t('models.col.score')}</TableCell>
            <TableCell>{t('models.col.benchmarkRunOn')}</TableCell>
            <TableCell>{t('models.col.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((b) => (
            <TableRow key={`${b.benchmarkProcessId ?? b.benchmarkDatasetId}-${b.metric}-${b.createdOn}`}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={benchmarkDetailPath(b.benchmarkDatasetId)}
                  state={{ from: 'my-contribution', backTo: '/model/my-contribution' } satisfies BenchmarkDetailState}
                >
                  {benchmarkName(t, { contentKey: b.benchmarkContentKey, name: b.benchmarkDatasetName })}
                </Link>
              </TableCell>
              <TableCell>{metricLabel(b.metric)}</TableCell>
              <TableCell>{b.scoreText}</TableCell>
              <TableCell>{formatEpochDay(b.createdOn)}</TableCell>
              <TableCell>
                <Typography variant="body2" color={`${modelStatusColor(b.status)}.dark`} sx={{ fontWeight: 600 }}>
                  {t(`models.runStatus.${b.status}`, { defaultValue: b.status })}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
