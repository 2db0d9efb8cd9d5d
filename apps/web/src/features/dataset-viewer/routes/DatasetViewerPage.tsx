import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useViewerRecords, useViewerSummary, type ViewerFilters } from '../api/viewer.ts';
import { RecordView } from '../components/RecordView.tsx';
import { VersionsPanel } from '../components/VersionsPanel.tsx';

const FILTERS = [
  ['sourceLanguage', 'Language'],
  ['targetLanguage', 'Target language'],
  ['domain', 'Domain'],
  ['collectionMethod', 'Collection method'],
] as const;

/** Histogram bars of the summary, labelled by bin. */
function Histogram({ edges, counts, measure }: { edges: number[]; counts: number[]; measure: string }) {
  const max = Math.max(1, ...counts);
  return (
    <Box aria-label={`Histogram of ${measure}`} role="img" sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height: 64 }}>
      {counts.map((c, i) => (
        <Box
          key={i}
          title={`${edges[i]}${i + 1 < edges.length ? `–${edges[i + 1]}` : '+'} ${measure}: ${c}`}
          sx={{ flex: 1, bgcolor: 'primary.light', height: `${(100 * c) / max}%`, minHeight: c ? 2 : 0 }}
        />
      ))}
    </Box>
  );
}

/**
 * The dataset viewer (docs/product.md#dataset-viewer): a published dataset's records, 100 a page,
 * paged on the server with its type's filters; a summary per column; the versions with Cite.
 * Also the stable page of a version (/datasets/:datasetId/versions/:version).
 */
export default function DatasetViewerPage() {
  const { datasetId = '', version } = useParams();
  const [filters, setFilters] = useState<ViewerFilters>({});
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1];
  const page = useViewerRecords(datasetId, after, filters);
  const summary = useViewerSummary(datasetId);
  usePageTitle(page.data ? page.data.datasetName : 'Dataset');
  if (page.isError) return <ErrorState message={errorMessage(page.error)} onRetry={() => void page.refetch()} />;
  if (!page.data) return <LoadingState label="Loading records…" />;
  const setFilter = (k: keyof ViewerFilters, v: string) => {
    setFilters((f) => ({ ...f, [k]: v || undefined }));
    setCursors([null]);
  };
  const s = summary.data;
  return (
    <PageFrame title={page.data.datasetName} subtitle={`${page.data.datasetType}${s ? ` · ${s.records} records` : ''}`}>
      {s && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, mb: 2 }} aria-label="Summary">
          {(['sourceLanguage', 'domain', 'collectionMethod'] as const).map((k) => (
            <Box key={k}>
              <Typography variant="subtitle2">{FILTERS.find((f) => f[0] === k)?.[1]}</Typography>
              {s.columns[k].slice(0, 5).map((c) => (
                <Typography key={c.value} variant="body2">
                  {c.value}: {c.count}
                </Typography>
              ))}
            </Box>
          ))}
          <Box sx={{ gridColumn: { md: 'span 3' } }}>
            <Typography variant="subtitle2">{s.histogram.measure === 'seconds' ? 'Duration (seconds)' : 'Length (characters)'}</Typography>
            <Histogram edges={s.histogram.edges} counts={s.histogram.counts} measure={s.histogram.measure} />
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {FILTERS.filter(([k]) => (s?.columns[k].length ?? 0) > 0).map(([k, label]) => (
          <TextField
            key={k}
            select
            size="small"
            label={label}
            value={filters[k] ?? ''}
            onChange={(e) => setFilter(k, e.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">All</MenuItem>
            {s!.columns[k].map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.value}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      {page.data.records.length === 0 ? (
        <Typography color="text.secondary" role="status" sx={{ py: 3 }}>
          No records match these filters.
        </Typography>
      ) : (
        page.data.records.map((r) => <RecordView key={r.id} datasetType={page.data.datasetType} record={r} />)
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
        <Button disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </Button>
        <Typography variant="body2">Page {cursors.length}</Typography>
        <Button disabled={!page.data.next} onClick={() => setCursors((c) => [...c, page.data!.next])}>
          Next
        </Button>
      </Box>
      <VersionsPanel datasetId={datasetId} highlight={version ? Number(version) : undefined} />
    </PageFrame>
  );
}
