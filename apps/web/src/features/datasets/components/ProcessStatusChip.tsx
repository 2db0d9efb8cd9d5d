import Chip from '@mui/material/Chip';
import { statusColor, type StatusColor } from '../../../lib/status.ts';
import { statusLabel } from '../lib/format.ts';

/**
 * White on MUI's default info blue or warning orange is below the 4.5:1 of WCAG 2.1 AA: the info
 * chip takes the dark blue, the warning chip dark text.
 */
const READABLE: Partial<Record<StatusColor, object>> = {
  info: { bgcolor: 'info.dark', color: 'common.white' },
  warning: { color: 'common.black' },
};

/**
 * A submission or stage status as a coloured chip (the colours of docs/product.md#entities-and-fields), its
 * text in the interface language (docs/product.md#languages-of-the-interface); `status` is the API's value.
 */
export function ProcessStatusChip({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      color={color}
      variant="filled"
      sx={{ fontWeight: 600, minWidth: { xs: 0, sm: 96 }, maxWidth: '100%', ...READABLE[color] }}
    />
  );
}
