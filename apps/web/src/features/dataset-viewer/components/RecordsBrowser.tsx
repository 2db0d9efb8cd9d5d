import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ViewerRecordsResponse, ViewerSummaryResponse } from '@ulca/contracts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useViewerRecords, useViewerSummary, type ViewerFilters, type ViewerSource } from '../api/viewer.ts';
import { columnValueName, formatViewerNumber, viewerTypeName } from '../lib/names.ts';
import { RecordView } from './RecordView.tsx';

/** The filterable columns, in the order shown. */
const FILTERS = ['sourceLanguage', 'targetLanguage', 'domain', 'collectionMethod'] as const;
/** The columns summarised by counts (the top 5 values of each). */
const SUMMARISED = ['sourceLanguage', 'domain', 'collectionMethod'] as const;

/** The bins of a histogram as text: '0–10: 5', …, '1,000 or more: 2'. */
function binTexts(t: ReturnType<typeof useTranslation>['t'], edges: number[], counts: number[]): string[] {
  return counts.map((c, i) => {
    const from = formatViewerNumber(edges[i]);
    const count = formatViewerNumber(c);
    return i + 1 < edges.length
      ? t('viewer.bin', { from, to: formatViewerNumber(edges[i + 1]), count })
      : t('viewer.binLast', { from, count });
  });
}

/** Histogram bars of the summary; the image's name lists every bin, so it reads without the picture. */
function Histogram({ edges, counts, measure }: ViewerSummaryResponse['histogram']) {
  const { t } = useTranslation();
  const max = Math.max(1, ...counts);
  const bins = binTexts(t, edges, counts);
  const measureText = t(`viewer.measure.${measure}`);
  return (
    <Box
      aria-label={`${t('viewer.histogramOf', { measure: measureText })}: ${bins.join('; ')}`}
      role="img"
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 64 }}
    >
      {counts.map((c, i) => (
        <Box key={i} title={bins[i]} sx={{ flex: 1, bgcolor: 'primary.light', height: `${(100 * c) / max}%`, minHeight: c ? 2 : 0 }} />
      ))}
    </Box>
  );
}

/** The per-column summary: the most frequent values of language, domain and collection method, and the histogram. */
function SummaryGrid({ summary }: { summary: ViewerSummaryResponse }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }}
      role="group"
      aria-label={t('viewer.summary')}
    >
      {SUMMARISED.map((k) => (
        <Box key={k}>
          <Typography variant="subtitle2" component="h2">
            {t(`viewer.col.${k}`)}
          </Typography>
          {summary.columns[k].slice(0, 5).map((c) => (
            <Typography key={c.value} variant="body2">
              {t('viewer.countOf', { value: columnValueName(k, c.value), count: formatViewerNumber(c.count) })}
            </Typography>
          ))}
        </Box>
      ))}
      <Box sx={{ gridColumn: { md: 'span 3' } }}>
        <Typography variant="subtitle2" component="h2">
          {summary.histogram.measure === 'seconds' ? t('viewer.duration') : t('viewer.length')}
        </Typography>
        <Histogram {...summary.histogram} />
      </Box>
    </Box>
  );
}

/**
 * The message of a failed page in the interface language: the server's codes the viewer knows
 * (a search not completed, an unknown dataset or search), else the server's own message.
 */
function viewerError(t: ReturnType<typeof useTranslation>['t'], source: ViewerSource, err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.code === 'SEARCH_NOT_COMPLETED') return t('viewer.search.notReady');
    if (err.status === 404 && err.code !== 'PAGE_BEYOND_LAST')
      return 'datasetId' in source ? t('viewer.notFound') : t('viewer.search.notFound');
  }
  return errorMessage(err);
}

/**
 * The records of a viewer source (a published dataset, or a completed search) in a page frame:
 * the per-column summary, the column filters, 100 records a page with Previous / Next (keyset
 * cursors kept here), then `children` (the dataset's versions). `title` names the page from the
 * first answer; `actions` go in the frame's header.
 */
export function RecordsBrowser({
  source,
  title,
  actions,
  children,
}: {
  source: ViewerSource;
  title: (page: ViewerRecordsResponse) => string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ViewerFilters>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1];
  const page = useViewerRecords(source, after, filters);
  const summary = useViewerSummary(source);
  usePageTitle(page.data ? title(page.data) : t('viewer.dataset'));
  if (page.isError)
    return (
      <PageFrame title={t('viewer.dataset')} actions={actions}>
        <ErrorState title={t('viewer.loadFailed')} message={viewerError(t, source, page.error)} onRetry={() => void page.refetch()} />
      </PageFrame>
    );
  if (!page.data) return <LoadingState label={t('viewer.loadingRecords')} />;
  const data = page.data;
  const setFilter = (k: keyof ViewerFilters, v: string) => {
    setFilters((f) => ({ ...f, [k]: v || undefined }));
    setCursors([null]);
  };
  const s = summary.data;
  const typeName = viewerTypeName(data.datasetType);
  return (
    <PageFrame
      title={title(data)}
      subtitle={
        s
          ? t('viewer.subtitle', { type: typeName, records: t('viewer.records', { count: s.records, n: formatViewerNumber(s.records) }) })
          : typeName
      }
      actions={actions}
    >
      {s && <SummaryGrid summary={s} />}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: 1.5,
          mb: 1,
        }}
      >
        {FILTERS.filter((k) => (s?.columns[k].length ?? 0) > 0).map((k) => (
          <TextField
            key={k}
            select
            size="small"
            label={t(`viewer.col.${k}`)}
            value={filters[k] ?? ''}
            onChange={(e) => setFilter(k, e.target.value)}
            margin="none"
          >
            <MenuItem value="">{t('viewer.all')}</MenuItem>
            {s!.columns[k].map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {columnValueName(k, c.value)}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      {data.records.length === 0 ? (
        <Typography color="text.secondary" role="status" sx={{ py: 3 }}>
          {t('viewer.noMatch')}
        </Typography>
      ) : (
        data.records.map((r) => <RecordView key={r.id} datasetType={data.datasetType} record={r} />)
      )}
      <Box component="nav" aria-label={t('viewer.pages')} sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('viewer.previous')}
        </Button>
        <Typography variant="body2">{t('viewer.page', { n: formatViewerNumber(cursors.length) })}</Typography>
        <Button disabled={!data.next} onClick={() => setCursors((c) => [...c, data.next])}>
          {t('viewer.next')}
        </Button>
      </Box>
      {children}
    </PageFrame>
  );
}
