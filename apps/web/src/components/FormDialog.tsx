import type { FormEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './DialogButtons.tsx';

/**
 * A dialog holding one form: the title (element id `{id}-title`; with `described`, the dialog is
 * also described by the caller's element `{id}-text`), the fields (`children`), `error` as an alert
 * under them, and Cancel / the submit button (`label`, `pendingLabel` and `color` as
 * {@link DialogButtons}). While `pending` it cannot be dismissed.
 */
export function FormDialog({
  id,
  title,
  described = false,
  maxWidth = 'xs',
  pending,
  label,
  pendingLabel,
  color,
  error,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  described?: boolean;
  maxWidth?: 'xs' | 'sm';
  pending: boolean;
  label: string;
  pendingLabel?: string;
  color?: 'primary' | 'error';
  /** The server's error not shown at a field (null: none). */
  error: string | null;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={described ? `${id}-text` : undefined}
      maxWidth={maxWidth}
      fullWidth
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          {children}
          {error !== null ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogButtons pending={pending} label={label} pendingLabel={pendingLabel} color={color} onClose={onClose} />
      </form>
    </Dialog>
  );
}
