import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DialogButtons } from './DialogButtons.tsx';

/**
 * A yes/no confirmation (e.g. docs/product.md#messages 'Are you sure you want to revoke this API key ?'). While
 * `pending` the buttons are disabled and the dialog cannot be dismissed.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
  id = 'confirm',
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Prefix of the title's and text's element ids (`{id}-title`, `{id}-text`). */
  id?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogButtons pending={pending} label={confirmLabel} color="error" onConfirm={onConfirm} onClose={onClose} />
    </Dialog>
  );
}
