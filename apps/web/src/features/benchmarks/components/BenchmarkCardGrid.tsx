import { useState } from 'react';
import type { Benchmark } from '@ulca/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BENCHMARK_CARD_PAGE_SIZES, benchmarkLanguageText } from '../lib/list.ts';
import { metricLabel } from '../../../lib/metrics.ts';

/**
 * The benchmark dataset cards (spec 02 §2): 9, 12 or 18 per page (default 9), one column on phones,
 * three on large screens; a card click opens the dataset's details (`onOpen`).
 */
export function BenchmarkCardGrid({ items, onOpen }: { items: readonly Benchmark[]; onOpen: (b: Benchmark) => void }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(BENCHMARK_CARD_PAGE_SIZES[0]);
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(page, pageCount - 1);
  const shown = items.slice(current * pageSize, (current + 1) * pageSize);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
        {shown.map((b) => (
          <Card key={b.benchmarkId} variant="outlined">
            <CardActionArea onClick={() => onOpen(b)} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {b.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {b.description || 'No description.'}
                </Typography>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                  <Typography component="dt" variant="body2">Language</Typography>
                  <Typography component="dd" variant="body2">{benchmarkLanguageText(b.languages)}</Typography>
                  <Typography component="dt" variant="body2">Domain</Typography>
                  <Typography component="dd" variant="body2">{b.domain.join(', ') || '-'}</Typography>
                  <Typography component="dt" variant="body2">Submitter</Typography>
                  <Typography component="dd" variant="body2">{b.submitter.name || '-'}</Typography>
                  <Typography component="dt" variant="body2">Rows</Typography>
                  <Typography component="dd" variant="body2">{b.recordCount.toLocaleString('en-IN')}</Typography>
                  <Typography component="dt" variant="body2">Metrics</Typography>
                  <Typography component="dd" variant="body2">{b.metric.map(metricLabel).join(', ') || '-'}</Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Stack direction="row" sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          select
          size="small"
          variant="standard"
          label="Cards per page"
          value={pageSize}
          onChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          sx={{ minWidth: 120 }}
        >
          {BENCHMARK_CARD_PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Pagination count={pageCount} page={current + 1} onChange={(_e, p) => setPage(p - 1)} size="small" />
      </Stack>
    </Box>
  );
}
