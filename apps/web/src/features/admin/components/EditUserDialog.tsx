import { useState } from 'react';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { localizeMessage, useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { adminErrorText } from '../lib/admin-errors.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { FormBox } from '../../../components/FormBox.tsx';
import { useUpdateUser, type AdminUser } from '../api/users.ts';
import { EDIT_MESSAGES, toUserUpdate, validateEditUser, type EditUserForm } from '../lib/edit-user.ts';
import { useOrgLabel, useRoleLabel } from '../lib/labels.ts';
import { ORG_OPTIONS, ROLE_OPTIONS } from '../lib/users.ts';

/** The catalogue keys of the edit dialog's own validation messages (docs/product.md#validation-rules). */
const VALIDATION_KEYS: Record<string, string> = {
  [EDIT_MESSAGES.profile]: 'admin.dialog.profileMandatory',
  [EDIT_MESSAGES.fillPassword]: 'admin.dialog.fillPassword',
  [EDIT_MESSAGES.passwordsDiffer]: 'admin.dialog.passwordsDiffer',
};

/** A validation message of validateEditUser in the interface language (the password rule through the shared `messages`). */
function validationText(t: TFunction, message: string): string {
  const key = VALIDATION_KEYS[message];
  return key ? t(key) : (localizeMessage(message) ?? message);
}

/**
 * The admin's edit dialog (docs/product.md#admin, docs/product.md#validation-rules): a Profile tab (full name, e-mail shown read-only,
 * organisation: the only choice 'UNDEFINED', shown as 'No organisation'; roles multi-select) and a Security tab (Change Password, then password
 * and confirmation). Saving checks the spec's rules first ('Profile details are mandatory',
 * 'Please fill password', 'Password and Confirm Password is different') and shows the failing
 * message on its tab.
 */
export function EditUserDialog({ user, open, onClose }: { user: AdminUser | null; open: boolean; onClose: () => void }) {
  const update = useUpdateUser();
  return (
    <Dialog
      open={open && user !== null}
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="edit-user-title"
      maxWidth="sm"
      fullWidth
    >
      {user && <EditBody key={user.userID} user={user} update={update} onClose={onClose} />}
    </Dialog>
  );
}

function EditBody({ user, update, onClose }: { user: AdminUser; update: ReturnType<typeof useUpdateUser>; onClose: () => void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const orgLabel = useOrgLabel();
  const [tab, setTab] = useState<'profile' | 'security'>('profile');
  const [form, setForm] = useState<EditUserForm>({
    firstName: user.firstName,
    orgID: user.orgID && (ORG_OPTIONS as readonly string[]).includes(user.orgID) ? user.orgID : ORG_OPTIONS[0],
    roles: [...user.roles],
    changePassword: false,
    password: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<{ tab: 'profile' | 'security'; message: string } | null>(null);
  const set = <K extends keyof EditUserForm>(k: K, v: EditUserForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = () => {
    const found = validateEditUser(form);
    const invalid = found && { ...found, message: validationText(t, found.message) };
    setError(invalid);
    if (invalid) {
      setTab(invalid.tab);
      return;
    }
    update.mutate(toUserUpdate(user, form), {
      onSuccess: () => {
        enqueueSnackbar(t('admin.profileUpdated'), { variant: 'success' });
        onClose();
      },
      onError: (err) => {
        const message = adminErrorText(t, err, t('admin.dialog.failed'));
        setError({ tab, message });
        enqueueSnackbar(message, { variant: 'error' });
      },
    });
  };
  const busy = update.isPending;

  return (
    <FormBox onSubmit={save}>
      <DialogTitle id="edit-user-title">{t('admin.editUser', { email: user.email })}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_e, v: 'profile' | 'security') => setTab(v)} aria-label={t('admin.dialog.tabsLabel')}>
          <Tab value="profile" label={t('admin.dialog.profile')} />
          <Tab value="security" label={t('admin.dialog.security')} />
        </Tabs>
      </Box>
      <DialogContent sx={{ minHeight: 300 }}>
        {error && error.tab === tab ? (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error.message}
          </Alert>
        ) : null}
        {tab === 'profile' ? (
          <Stack>
            <TextField
              label={t('admin.dialog.fullName')}
              value={form.firstName}
              onChange={(e) => set('firstName', e.target.value)}
              disabled={busy}
              autoFocus
            />
            <TextField
              label={t('admin.dialog.email')}
              value={user.email}
              disabled
              helperText={t('admin.dialog.emailFixed')}
              // A disabled field greys its helper text below 4.5:1; this one is information, so it keeps the secondary colour.
              slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
            />
            <TextField
              select
              label={t('admin.dialog.organization')}
              value={form.orgID}
              onChange={(e) => set('orgID', e.target.value)}
              disabled={busy}
            >
              {ORG_OPTIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {orgLabel(o)}
                </MenuItem>
              ))}
            </TextField>
            <FormControl fullWidth margin="normal" disabled={busy}>
              <InputLabel id="edit-roles-label">{t('admin.dialog.roles')}</InputLabel>
              <Select
                labelId="edit-roles-label"
                multiple
                value={form.roles}
                onChange={(e) => set('roles', typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
                input={<OutlinedInput label={t('admin.dialog.roles')} />}
                renderValue={(selected) => (
                  <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                    {selected.map((r) => (
                      <Chip key={r} size="small" label={roleLabel(r)} />
                    ))}
                  </Stack>
                )}
              >
                {ROLE_OPTIONS.map((r) => (
                  <MenuItem key={r} value={r}>
                    <Checkbox size="small" checked={form.roles.includes(r)} />
                    <ListItemText primary={roleLabel(r)} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
        ) : (
          <Stack>
            <FormControlLabel
              control={<Checkbox checked={form.changePassword} onChange={(_e, c) => set('changePassword', c)} disabled={busy} />}
              label={t('admin.dialog.changePassword')}
            />
            {form.changePassword ? (
              <>
                <PasswordField
                  label={t('admin.dialog.password')}
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => set('password', e.target.value)}
                  disabled={busy}
                />
                <PasswordField
                  label={t('admin.dialog.confirmPassword')}
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  onChange={(e) => set('confirmPassword', e.target.value)}
                  disabled={busy}
                  helperText={t('admin.dialog.passwordHint')}
                />
              </>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? t('admin.dialog.saving') : t('admin.dialog.save')}
        </Button>
      </DialogActions>
    </FormBox>
  );
}
