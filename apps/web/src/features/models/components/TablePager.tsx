import { useTranslation } from '../../../lib/i18n/i18n.ts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TablePaging } from '../../../components/TableToolbar.tsx';

/**
 * Table paging with a rows-per-page choice and a "Jump to page" select (docs/product.md#model-screens My Models:
 * 10, 25, 50, 100 with jump to page). `page` is zero-based; changing the page size returns to page 0.
 */
export function TablePager({
  count,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ alignItems: { xs: 'flex-end', sm: 'center' }, justifyContent: 'flex-end', gap: { sm: 2 } }}
    >
      <TextField
        select
        size="small"
        variant="standard"
        label={t('models.jumpToPage')}
        // The theme makes text fields full width with a top margin: this one sits beside the pagination.
        fullWidth={false}
        margin="none"
        value={Math.min(page, pages - 1) + 1}
        onChange={(e) => onPageChange(Number(e.target.value) - 1)}
        sx={{ minWidth: 100 }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 300 } } } } } }}
      >
        {Array.from({ length: pages }, (_v, i) => (
          <MenuItem key={i} value={i + 1}>
            {i + 1}
          </MenuItem>
        ))}
      </TextField>
      <TablePaging
        count={count}
        page={Math.min(page, pages - 1)}
        onPageChange={onPageChange}
        pageSize={pageSize}
        pageSizes={pageSizes}
        onPageSizeChange={onPageSizeChange}
        labelRowsPerPage={t('models.pager.rowsPerPage')}
        labelDisplayedRows={({ from, to, count: n }) => t('models.pager.displayed', { from, to, count: n })}
        getItemAriaLabel={(type) => t(`models.pager.${type}`)}
      />
    </Stack>
  );
}
