import { ACCOUNT_MESSAGES, NAME_PATTERN, PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE, isStrongPassword } from '@ulca/contracts';
import { z } from 'zod';

const notBlank = (message: string) => z.string().refine((v) => v.trim().length > 0, { message });

/** Login form (docs/product.md#validation-rules): email and password must be non-blank after trimming. */
export const loginFormSchema = z.object({
  email: notBlank('Enter an email').transform((v) => v.trim()),
  password: notBlank('Enter a password'),
  /** The one-time sign-in code e-mailed after too many failed attempts (shown only then). */
  code: z.string().trim().max(40).optional(),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

export { PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE };

/**
 * Sign-up form (docs/product.md#validation-rules). The name allows letters of any script (so Indian-language names pass)
 * and spaces, by the server's pattern (@ulca/contracts); the password rule is the server's (shared in @ulca/contracts): at least 8 characters
 * with upper case, lower case, a digit and a special character, as the spec's message says.
 */
export const signupFormSchema = z
  .object({
    name: z.string().trim().regex(NAME_PATTERN, { message: ACCOUNT_MESSAGES.name }),
    email: z
      .string()
      .trim()
      .pipe(z.email({ message: 'Invalid email' })),
    password: z.string().refine(isStrongPassword, { message: PASSWORD_RULE_MESSAGE }),
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((v) => v, { message: 'You must accept our terms of service' }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Both password must match.', path: ['confirmPassword'] });
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** Forgot password form (docs/product.md#validation-rules): an e-mail address in the standard pattern, else 'Invalid email'. */
export const forgotPasswordFormSchema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ message: 'Invalid email' })),
});
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;
export type ForgotPasswordFormValues = z.output<typeof forgotPasswordFormSchema>;

/**
 * Reset password form (docs/product.md#validation-rules): the new password follows the sign-up rule (the server's, shared
 * in @ulca/contracts, with its message) and the confirmation must match it ('Both password must
 * match.', as on sign-up; the spec gives no message of its own for the reset screen).
 */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().refine(isStrongPassword, { message: PASSWORD_RULE_MESSAGE }),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Both password must match.', path: ['confirmPassword'] });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;
