import Chip from '@mui/material/Chip';
import { statusColor } from '../../../lib/status.ts';
import { statusLabel } from '../lib/format.ts';

/**
 * A submission or stage status as a coloured chip (the colours of docs/product.md#entities-and-fields), its
 * text in the interface language (docs/product.md#languages-of-the-interface); `status` is the API's value.
 */
export function ProcessStatusChip({ status }: { status: string }) {
  return (
    <Chip size="small" label={statusLabel(status)} color={statusColor(status)} variant="filled" sx={{ fontWeight: 600, minWidth: 96 }} />
  );
}
