import { useEffect, useRef, type ReactNode } from 'react';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';

/**
 * A row of a list table that opens its item with `onOpen` (a click or Enter on the focusable row;
 * a row without `onOpen` opens nothing). While `highlighted` (the item a submission just added,
 * useAddedHighlight) it is tinted and scrolled into view.
 */
export function OpenableRow({ highlighted, onOpen, children }: { highlighted: boolean; onOpen?: () => void; children: ReactNode }) {
  const ref = useRef<HTMLTableRowElement | null>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [highlighted]);
  return (
    <TableRow
      ref={ref}
      hover={!!onOpen}
      tabIndex={onOpen ? 0 : undefined}
      selected={highlighted}
      data-highlighted={highlighted || undefined}
      onClick={onOpen ? () => onOpen() : undefined}
      onKeyDown={
        onOpen
          ? (e) => {
              if (e.key === 'Enter') onOpen();
            }
          : undefined
      }
      sx={{
        cursor: onOpen ? 'pointer' : 'default',
        transition: 'background-color 600ms ease',
        '&.Mui-selected, &.Mui-selected:hover': { bgcolor: (th) => alpha(th.palette.primary.main, 0.16) },
      }}
    >
      {children}
    </TableRow>
  );
}
