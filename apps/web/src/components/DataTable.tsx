import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table in its own container (which scrolls sideways when the table is wider than the page): `head` holds
 * the header row, `children` the body rows. `label` names the table for screen readers. With `region` the
 * container is a named region keyboard users can focus, so that they can scroll a wide table sideways.
 */
export function DataTable({
  label,
  size,
  sx,
  containerSx,
  region = false,
  head,
  children,
}: {
  label: string;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  containerSx?: SxProps<Theme>;
  region?: boolean;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableContainer sx={containerSx} {...(region ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      <Table size={size} aria-label={label} sx={sx}>
        <TableHead>{head}</TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}
