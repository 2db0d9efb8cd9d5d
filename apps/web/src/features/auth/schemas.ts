import { PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE, isStrongPassword } from '@ulca/contracts';
import { z } from 'zod';

const notBlank = (message: string) => z.string().refine((v) => v.trim().length > 0, { message });

/** Login form (spec 01 §5): email and password must be non-blank after trimming. */
export const loginFormSchema = z.object({
  email: notBlank('Enter an email').transform((v) => v.trim()),
  password: notBlank('Enter a password'),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormValues = z.output<typeof loginFormSchema>;

export { PASSWORD_MIN_LENGTH, PASSWORD_RULE_MESSAGE };

/**
 * Sign-up form (spec 01 §5). The name allows letters of any script (so Indian-language names pass)
 * and spaces; the password rule is the server's (shared in @ulca/contracts): at least 8 characters
 * with upper case, lower case, a digit and a special character, as the spec's message says.
 */
export const signupFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u, { message: 'Name is not proper' }),
    email: z.string().trim().pipe(z.email({ message: 'Invalid email' })),
    password: z.string().refine(isStrongPassword, { message: PASSWORD_RULE_MESSAGE }),
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((v) => v, { message: 'You must accept our terms of service' }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Both password must match.', path: ['confirmPassword'] });
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;
