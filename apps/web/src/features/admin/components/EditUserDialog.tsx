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
import { errorMessage } from '../../../lib/api-client.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { useUpdateUser, type AdminUser } from '../api/users.ts';
import { toUserUpdate, validateEditUser, type EditUserForm } from '../lib/edit-user.ts';
import { ORG_OPTIONS, ROLE_OPTIONS, roleLabel } from '../lib/users.ts';

/** docs/product.md#messages failure text of the edit dialog, used when the server gives no message. */
const EDIT_FAILED = 'Something went wrong while we tried to edit the profile';

/**
 * The admin's edit dialog (docs/product.md#admin, docs/product.md#validation-rules): a Profile tab (full name, e-mail shown read-only,
 * organisation 'UNDEFINED', roles multi-select) and a Security tab (Change Password, then password
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
    const invalid = validateEditUser(form);
    setError(invalid);
    if (invalid) {
      setTab(invalid.tab);
      return;
    }
    update.mutate(toUserUpdate(user, form), {
      onSuccess: (message) => {
        enqueueSnackbar(message, { variant: 'success' });
        onClose();
      },
      onError: (err) => {
        const message = errorMessage(err, EDIT_FAILED);
        setError({ tab, message });
        enqueueSnackbar(message, { variant: 'error' });
      },
    });
  };
  const busy = update.isPending;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <DialogTitle id="edit-user-title">Edit {user.email}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs value={tab} onChange={(_e, v: 'profile' | 'security') => setTab(v)} aria-label="Edit user">
          <Tab value="profile" label="Profile" />
          <Tab value="security" label="Security" />
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
              label="Full name"
              value={form.firstName}
              onChange={(e) => set('firstName', e.target.value)}
              disabled={busy}
              autoFocus
            />
            <TextField label="Email" value={user.email} disabled helperText="The e-mail address cannot be changed." />
            <TextField select label="Organization" value={form.orgID} onChange={(e) => set('orgID', e.target.value)} disabled={busy}>
              {ORG_OPTIONS.map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
            <FormControl fullWidth margin="normal" disabled={busy}>
              <InputLabel id="edit-roles-label">Roles</InputLabel>
              <Select
                labelId="edit-roles-label"
                multiple
                value={form.roles}
                onChange={(e) => set('roles', typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
                input={<OutlinedInput label="Roles" />}
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
              label="Change Password"
            />
            {form.changePassword ? (
              <>
                <PasswordField
                  label="Password"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => set('password', e.target.value)}
                  disabled={busy}
                />
                <PasswordField
                  label="Confirm Password"
                  autoComplete="new-password"
                  value={form.confirmPassword}
                  onChange={(e) => set('confirmPassword', e.target.value)}
                  disabled={busy}
                  helperText="At least 8 characters; mix upper and lower case, numbers and symbols."
                />
              </>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
