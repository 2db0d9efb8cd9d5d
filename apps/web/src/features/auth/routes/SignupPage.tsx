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
import { fieldProps } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useSignup } from '../api/signup.ts';
import { signupFormSchema, type SignupFormInput, type SignupFormValues } from '../schemas.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthSubmitButton } from './AuthFormParts.tsx';

/** /user/register: self sign-up as CONTRIBUTOR-USER (spec 01 §3, §5), then "check your e-mail". */
export default function SignupPage() {
  usePageTitle('Create an account');
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
        enqueueSnackbar('Registered successfully', { variant: 'success' });
      },
      (err: unknown) => {
        enqueueSnackbar(accountErrorMessage(err, 'Invalid email / password'), { variant: 'error' });
      },
    ),
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <Alert severity="success" sx={{ my: 2 }}>
          <AlertTitle>Your account has been created</AlertTitle>
          We sent an activation link to <strong>{sentTo}</strong>. Check your e-mail to activate your account, then sign in.
        </Alert>
        <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
          Go to sign in
        </Button>
      </AuthCard>
    );
  }

  const busy = signup.isPending;
  return (
    <AuthCard title="Create an account" subtitle="Join ULCA to contribute datasets and models.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Create an account">
        <TextField label="Name" autoComplete="name" autoFocus {...fieldProps(register('name'))} error={!!e.name} helperText={e.name?.message} />
        <TextField label="Email address" type="email" autoComplete="email" {...fieldProps(register('email'))} error={!!e.email} helperText={e.email?.message} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...fieldProps(register('password'))}
          error={!!e.password}
          helperText={e.password?.message ?? 'At least 8 characters; mix upper and lower case, numbers and symbols.'}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...fieldProps(register('confirmPassword'))}
          error={!!e.confirmPassword}
          helperText={e.confirmPassword?.message}
        />
        <Controller
          name="acceptTerms"
          control={control}
          render={({ field }) => (
            <FormControl error={!!e.acceptTerms} sx={{ mt: 1 }}>
              <FormControlLabel
                control={<Checkbox checked={!!field.value} onChange={(_, c) => field.onChange(c)} onBlur={field.onBlur} inputRef={field.ref} />}
                label={
                  <Typography variant="body2">
                    I agree to the{' '}
                    <Link component={RouterLink} to="/terms-of-use" target="_blank" rel="noopener">
                      terms of use
                    </Link>{' '}
                    and{' '}
                    <Link component={RouterLink} to="/privacy-policy" target="_blank" rel="noopener">
                      privacy policy
                    </Link>
                  </Typography>
                }
              />
              {e.acceptTerms ? <FormHelperText>{e.acceptTerms.message}</FormHelperText> : null}
            </FormControl>
          )}
        />
        <AuthSubmitButton busy={busy} busyText="Creating account">
          Create account
        </AuthSubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/user/login">
          Sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
