import { useTranslation } from '../lib/i18n/i18n.ts';
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARD_PAGE_SIZES, pageSlice } from '../lib/paging.ts';

/** The responsive columns of every card grid: one on phones, two on tablets, three on large screens. */
export const CARD_GRID_COLUMNS = { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } as const;

/** One label and value of a card. */
export interface CardField {
  label: string;
  value: ReactNode;
}

/** A card's label/value list (a `dl`, labels muted). `mt`: space above it (theme units). */
export function CardFields({ fields, mt = 1 }: { fields: readonly CardField[]; mt?: number }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 1.5,
        rowGap: 0.25,
        m: 0,
        mt,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, overflowWrap: 'anywhere' },
      }}
    >
      {fields.map((f) => [
        <Typography key={`${f.label}-dt`} component="dt" variant="body2">
          {f.label}
        </Typography>,
        <Typography key={`${f.label}-dd`} component="dd" variant="body2">
          {f.value}
        </Typography>,
      ])}
    </Box>
  );
}

/** What one card of a {@link CardGrid} shows. */
export interface CardContentSpec {
  /** A small line above the title (e.g. the task). */
  overline?: ReactNode;
  title: ReactNode;
  /** Up to two lines under the title. */
  description: ReactNode;
  fields: readonly CardField[];
}

/**
 * A paged grid of clickable cards (docs/product.md#screens, docs/product.md#constants-and-limits: Explore Models and the benchmark datasets):
 * 9, 12 or 18 cards per page (default 9) in {@link CARD_GRID_COLUMNS}; a card click calls
 * `onOpen`. `hideSinglePage`: no pager when everything fits one page (then shown in the primary colour).
 */
export function CardGrid<T>({
  items,
  itemKey,
  card,
  onOpen,
  hideSinglePage = false,
  pageSizeMinWidth = 120,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  card: (item: T) => CardContentSpec;
  onOpen: (item: T) => void;
  hideSinglePage?: boolean;
  pageSizeMinWidth?: number;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(CARD_PAGE_SIZES[0]);
  const shown = pageSlice(items, page, pageSize);
  return (
    <Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: CARD_GRID_COLUMNS, gap: 2 }}>
        {shown.items.map((item) => {
          const c = card(item);
          return (
            <Card key={itemKey(item)} variant="outlined">
              <CardActionArea onClick={() => onOpen(item)} sx={{ height: '100%', alignItems: 'flex-start' }}>
                <CardContent>
                  {c.overline !== undefined && (
                    <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
                      {c.overline}
                    </Typography>
                  )}
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {c.title}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                  >
                    {c.description}
                  </Typography>
                  <CardFields fields={c.fields} mt={1.5} />
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      <Stack direction="row" sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <TextField
          select
          size="small"
          variant="standard"
          // The theme makes text fields full width: this one stays as wide as its label and values.
          fullWidth={false}
          label={t('common.cardsPerPage')}
          value={pageSize}
          onChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
          sx={{ minWidth: pageSizeMinWidth }}
        >
          {CARD_PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        {!(hideSinglePage && shown.pageCount <= 1) && (
          <Pagination
            count={shown.pageCount}
            page={shown.page + 1}
            onChange={(_e, p) => setPage(p - 1)}
            color={hideSinglePage ? 'primary' : 'standard'}
            size="small"
          />
        )}
      </Stack>
    </Box>
  );
}
