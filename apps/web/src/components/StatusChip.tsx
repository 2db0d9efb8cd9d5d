import Chip from '@mui/material/Chip';
import { statusColor } from '../lib/status.ts';

/** A submission or stage status as a coloured chip (Completed green, In-Progress blue, Failed red, others orange; docs/product.md#entities-and-fields). */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={statusColor(status)} variant="filled" sx={{ fontWeight: 600, minWidth: 96 }} />;
}
