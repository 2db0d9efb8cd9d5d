import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { useSetQuota } from '../api/usage.ts';
import { adminErrorText } from '../lib/admin-errors.ts';
import { QUOTA_UNITS, quotaBody, type QuotaFieldError, type QuotaFormValues } from '../lib/quota-form.ts';

/**
 * The admin's form to set or remove a daily limit (POST usage/quota, docs/api.md#usage-and-quotas):
 * a key identifier or '*' for every key's default, a unit and a whole limit. Errors show beside
 * their field: the form's own checks, and the server's answer for an unknown key.
 */
export function QuotaForm() {
  const { t } = useTranslation();
  const save = useSetQuota();
  const [values, setValues] = useState<QuotaFormValues>({ key: '', unit: 'calls', limit: '' });
  const [errors, setErrors] = useState<Partial<Record<'key' | 'limit', QuotaFieldError | 'keyNotFound'>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const unit = (u: string) => t(`admin.usage.unit.${u}`, { defaultValue: u });
  const field = (name: keyof QuotaFormValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (name !== 'unit') setErrors((x) => ({ ...x, [name]: undefined }));
  };

  const submit = (remove: boolean) => {
    setFailure(null);
    const checked = quotaBody(values, remove);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: () => {
        enqueueSnackbar(t(remove ? 'admin.usage.form.removed' : 'admin.usage.form.saved'), { variant: 'success' });
        setValues((v) => ({ ...v, limit: '' }));
      },
      onError: (err) => {
        // An unknown key is the key field's error; anything else is the form's.
        if (err instanceof ApiRequestError && err.status === 404) setErrors({ key: 'keyNotFound' });
        else setFailure(adminErrorText(t, err));
      },
    });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(false);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby="quota-form-title" sx={{ mt: 2 }}>
      <Typography id="quota-form-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('admin.usage.form.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' }, mt: 1 }}>
        <TextField
          size="small"
          label={t('admin.usage.form.key')}
          value={values.key}
          onChange={field('key')}
          error={!!errors.key}
          helperText={errors.key ? t(`admin.usage.form.${errors.key}`) : t('admin.usage.form.keyHint')}
          required
          sx={{ minWidth: { md: 280 } }}
        />
        <TextField
          select
          size="small"
          label={t('admin.usage.col.unit')}
          value={values.unit}
          onChange={field('unit')}
          sx={{ minWidth: 200 }}
        >
          {QUOTA_UNITS.map((u) => (
            <MenuItem key={u} value={u}>
              {unit(u)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('admin.usage.col.dailyLimit')}
          value={values.limit}
          onChange={field('limit')}
          error={!!errors.limit}
          helperText={errors.limit ? t(`admin.usage.form.${errors.limit}`) : t('admin.usage.form.limitHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('admin.usage.form.save')}
          </Button>
          <Button variant="outlined" disabled={save.isPending} onClick={() => submit(true)}>
            {t('admin.usage.form.remove')}
          </Button>
        </Stack>
      </Stack>
      {failure && (
        <Typography color="error" role="alert" variant="body2" sx={{ mt: 1 }}>
          {failure}
        </Typography>
      )}
    </Box>
  );
}
