import Chip from '@mui/material/Chip';
import { statusColor } from '../lib/status.ts';

/** A submission or stage status as a coloured chip (Completed green, In-Progress blue, Failed red, others orange; spec 01 §3). */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={statusColor(status)} variant="filled" sx={{ fontWeight: 600, minWidth: 96 }} />;
}
