import { useState } from 'react';
import type { ModelRecord } from '@ulca/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { domainText, formatEpochPublished, languageText } from '../lib/format.ts';
import { CARD_PAGE_SIZES, pageSlice } from '../lib/explore.ts';
import { taskLabel } from '../lib/tasks.ts';

/**
 * The card grid of Explore (spec 02 §2): 9, 12 or 18 cards per page (default 9), one column on
 * phones, 3 per row on large screens; a card click opens the model (`onOpen`).
 */
export function ModelCardGrid({ models, onOpen }: { models: readonly ModelRecord[]; onOpen: (m: ModelRecord) => void }) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CARD_PAGE_SIZES[0]);
  const shown = pageSlice(models, page, pageSize);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
        {shown.items.map((m) => (
          <Card key={m.modelId} variant="outlined">
            <CardActionArea onClick={() => onOpen(m)} sx={{ height: '100%', alignItems: 'flex-start' }}>
              <CardContent>
                <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
                  {taskLabel(m.task.type)}
                </Typography>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {m.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                  {m.description}
                </Typography>
                <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 1.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
                  <Typography component="dt" variant="body2">Language</Typography>
                  <Typography component="dd" variant="body2">{languageText(m.languages)}</Typography>
                  <Typography component="dt" variant="body2">Domain</Typography>
                  <Typography component="dd" variant="body2">{domainText(m.domain)}</Typography>
                  <Typography component="dt" variant="body2">Submitter</Typography>
                  <Typography component="dd" variant="body2">{m.submitter.name}</Typography>
                  <Typography component="dt" variant="body2">Published On</Typography>
                  <Typography component="dd" variant="body2">{formatEpochPublished(m.publishedOn ?? m.submittedOn)}</Typography>
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
          sx={{ minWidth: 110 }}
        >
          {CARD_PAGE_SIZES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        {shown.pageCount > 1 && <Pagination count={shown.pageCount} page={shown.page + 1} onChange={(_e, p) => setPage(p - 1)} color="primary" size="small" />}
      </Stack>
    </Box>
  );
}
