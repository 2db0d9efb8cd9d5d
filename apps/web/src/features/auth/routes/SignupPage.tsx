import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountErrorMessage } from '../messages.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { fieldWithError } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSignup } from '../api/signup.ts';
import { signupFormSchema, type SignupFormInput, type SignupFormValues } from '../schemas.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthFooterLink, AuthSubmitButton } from './AuthFormParts.tsx';

/** /user/register: self sign-up as CONTRIBUTOR-USER (docs/product.md#entities-and-fields, docs/product.md#validation-rules), then "check your e-mail". */
export default function SignupPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.createAccount'));
  const signup = useSignup();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', acceptTerms: false },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit((v) =>
    signup.mutateAsync({ firstName: v.name, email: v.email, password: v.password }).then(
      () => {
        setSentTo(v.email);
        enqueueSnackbar(t('messages.registered'), { variant: 'success' });
      },
      (err: unknown) => {
        enqueueSnackbar(localizeMessage(accountErrorMessage(err, t('messages.invalidCredentials'))), { variant: 'error' });
      },
    ),
  );

  if (sentTo) {
    return (
      <AuthCard title={t('auth.checkEmail')}>
        <Alert severity="success" sx={{ my: 2 }}>
          <AlertTitle>{t('auth.accountCreated')}</AlertTitle>
          {t('auth.sentLinkBefore')} <strong>{sentTo}</strong>
          {t('auth.sentLinkAfter')}
        </Alert>
        <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
          {t('auth.goToSignIn')}
        </Button>
      </AuthCard>
    );
  }

  const busy = signup.isPending;
  return (
    <AuthCard title={t('auth.createAccount')} subtitle={t('auth.signupSubtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth.createAccount')}>
        <TextField label={t('auth.name')} autoComplete="name" autoFocus {...fieldWithError(register('name'), e.name)} />
        <TextField label={t('auth.email')} type="email" autoComplete="email" {...fieldWithError(register('email'), e.email)} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          {...fieldWithError(register('password'), e.password, t('auth.passwordHint'))}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          {...fieldWithError(register('confirmPassword'), e.confirmPassword)}
        />
        <Controller
          name="acceptTerms"
          control={control}
          render={({ field }) => (
            <FormControl error={!!e.acceptTerms} sx={{ mt: 1 }}>
              <FormControlLabel
                control={
                  <Checkbox checked={!!field.value} onChange={(_, c) => field.onChange(c)} onBlur={field.onBlur} inputRef={field.ref} />
                }
                label={
                  <Typography variant="body2">
                    {t('auth.agreeBefore')}{' '}
                    <Link component={RouterLink} underline="always" to="/terms-of-use" target="_blank" rel="noopener">
                      {t('auth.agreeTerms')}
                    </Link>{' '}
                    {t('auth.agreeAnd')}{' '}
                    <Link component={RouterLink} underline="always" to="/privacy-policy" target="_blank" rel="noopener">
                      {t('auth.agreePrivacy')}
                    </Link>
                    {t('auth.agreeAfter')}
                  </Typography>
                }
              />
              {e.acceptTerms ? <FormHelperText>{localizeMessage(e.acceptTerms.message)}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <AuthSubmitButton busy={busy} busyText={t('auth.creatingAccount')}>
          {t('auth.createAccountButton')}
        </AuthSubmitButton>
      </Box>
      <AuthFooterLink text={t('auth.haveAccount')} linkText={t('auth.signIn')} to="/user/login" />
    </AuthCard>
  );
}
