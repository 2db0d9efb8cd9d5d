import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isStrongPassword, NAME_PATTERN } from '@ulca/contracts';
import { ApiRequestError, errorText } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { clearSession, type UserDetails } from '../../../lib/session.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { useChangeOwnPassword, useDeleteOwnAccount, useSaveOwnName } from '../api/account.ts';

type Open = 'name' | 'password' | 'delete' | null;

/** The field a server error belongs to (its `errors[0].field`), or undefined. */
const fieldOf = (err: unknown) => (err instanceof ApiRequestError ? err.errors?.[0]?.field : undefined);

function NameDialog({ user, onClose }: { user: UserDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOwnName();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const [touched, setTouched] = useState(false);
  const firstOk = NAME_PATTERN.test(firstName.trim());
  const lastOk = lastName.trim() === '' || NAME_PATTERN.test(lastName.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!firstOk || !lastOk) return;
    save.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: () => {
          enqueueSnackbar(t('account.nameSaved'), { variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      id="account-name"
      title={t('account.editName')}
      pending={save.isPending}
      label={t('account.save')}
      pendingLabel={t('account.saving')}
      error={save.isError ? errorText(save.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('account.firstName')}
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={touched && !firstOk}
        helperText={touched && !firstOk ? t('messages.name') : t('account.nameRule')}
        required
        fullWidth
        margin="normal"
        autoFocus
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'given-name' } }}
      />
      <TextField
        label={t('account.lastName')}
        value={lastName}
        onChange={(e) => setLastName(e.target.value)}
        error={touched && !lastOk}
        helperText={touched && !lastOk ? t('messages.name') : undefined}
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'family-name' } }}
      />
    </FormDialog>
  );
}

function PasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeOwnPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const nextOk = isStrongPassword(next);
  const same = next === confirm;
  const serverField = fieldOf(change.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!current || !nextOk || !same) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          enqueueSnackbar(t('account.passwordChanged'), { variant: 'success' });
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      id="account-password"
      title={t('account.changePassword')}
      described
      pending={change.isPending}
      label={t('account.changePassword')}
      pendingLabel={t('account.saving')}
      error={change.isError && serverField !== 'currentPassword' ? errorText(change.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogContentText id="account-password-text">{t('account.changePasswordText')}</DialogContentText>
      <PasswordField
        label={t('account.currentPassword')}
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={(touched && !current) || serverField === 'currentPassword'}
        helperText={
          serverField === 'currentPassword' ? errorText(change.error) : touched && !current ? t('messages.enterPassword') : undefined
        }
        required
        fullWidth
        margin="normal"
        autoFocus
        slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
      />
      <PasswordField
        label={t('account.newPassword')}
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={touched && !nextOk}
        helperText={t('messages.passwordRule')}
        required
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
      <PasswordField
        label={t('account.confirmPassword')}
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={touched && !same}
        helperText={touched && !same ? t('messages.passwordsMatch') : undefined}
        required
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
      />
    </FormDialog>
  );
}

function DeleteDialog({ user, onClose }: { user: UserDetails; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteOwnAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const deleted = useRef(false);
  useEffect(
    () => () => {
      if (!deleted.current) return;
      // Unmounted by the move to the dashboard: before the new page's effects run its queries.
      clearSession();
      queryClient.removeQueries({ type: 'inactive' });
    },
    [queryClient],
  );
  const emailOk = email.trim().toLowerCase() === user.email.toLowerCase();
  const serverField = fieldOf(remove.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!emailOk || !password) return;
    remove.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          deleted.current = true;
          enqueueSnackbar(t('account.accountDeleted'), { variant: 'success' });
          // The session is dropped when this page has gone (below): dropped while a page that needs
          // sign-in is still shown, it would send the former user to the login page instead.
          void navigate('/dashboard', { replace: true });
        },
      },
    );
  };
  return (
    <FormDialog
      id="account-delete"
      title={t('account.deleteTitle')}
      described
      maxWidth="sm"
      pending={remove.isPending}
      label={t('account.deleteConfirm')}
      pendingLabel={t('account.deleting')}
      color="error"
      error={remove.isError && serverField !== 'email' && serverField !== 'currentPassword' ? errorText(remove.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack id="account-delete-text" spacing={1}>
        <Typography sx={{ fontWeight: 600 }}>{t('account.deleteIntro')}</Typography>
        <Typography>{t('account.deleteRemoves')}</Typography>
        <Typography>{t('account.deleteKeeps')}</Typography>
      </Stack>
      <TextField
        label={t('account.deleteConfirmEmail')}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={(touched && !emailOk) || serverField === 'email'}
        helperText={serverField === 'email' ? errorText(remove.error) : touched && !emailOk ? t('account.emailMismatch') : undefined}
        required
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
      />
      <PasswordField
        label={t('account.password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={(touched && !password) || serverField === 'currentPassword'}
        helperText={
          serverField === 'currentPassword' ? errorText(remove.error) : touched && !password ? t('messages.enterPassword') : undefined
        }
        required
        fullWidth
        margin="normal"
        slotProps={{ htmlInput: { autoComplete: 'current-password' } }}
      />
    </FormDialog>
  );
}

/**
 * "My account" on the profile page (docs/product.md#profile-and-api-keys): edit name, change password
 * and delete account, each in a dialog. Server errors show through lib/api-client's errorText (the
 * catalogue's text for their code).
 */
export function MyAccount({ user }: { user: UserDetails }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} component="section" aria-labelledby="my-account-title">
      <Typography id="my-account-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('account.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('account.hint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" onClick={() => setOpen('name')}>
          {t('account.editName')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('password')}>
          {t('account.changePassword')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
          {t('account.deleteAccount')}
        </Button>
      </Stack>
      {open === 'name' ? <NameDialog user={user} onClose={close} /> : null}
      {open === 'password' ? <PasswordDialog onClose={close} /> : null}
      {open === 'delete' ? <DeleteDialog user={user} onClose={close} /> : null}
    </Paper>
  );
}
