import { ADMIN_EDIT_MESSAGES, PASSWORD_RULE_MESSAGE, isStrongPassword, type UserUpdate } from '@ulca/contracts';

/** docs/product.md#validation-rules messages of the admin edit dialog (@ulca/contracts, shared with the server). */
export const EDIT_MESSAGES = ADMIN_EDIT_MESSAGES;

/** What the edit dialog holds. */
export interface EditUserForm {
  firstName: string;
  orgID: string;
  roles: string[];
  changePassword: boolean;
  password: string;
  confirmPassword: string;
}

/** Which tab an error belongs to, so the dialog can show it there. */
export interface EditUserError {
  tab: 'profile' | 'security';
  message: string;
}

/**
 * Checks the edit dialog (docs/product.md#validation-rules): full name (trimmed), organisation and at least one role are
 * required ('Profile details are mandatory'); with Change Password both fields must be filled
 * ('Please fill password') and equal ('Password and Confirm Password is different'), and the
 * password must pass the account rule (docs/product.md#validation-rules message; the server refuses it otherwise).
 * Returns null when the form can be saved.
 */
export function validateEditUser(form: EditUserForm): EditUserError | null {
  if (!form.firstName.trim() || !form.orgID.trim() || form.roles.length === 0) return { tab: 'profile', message: EDIT_MESSAGES.profile };
  if (form.changePassword) {
    if (!form.password || !form.confirmPassword) return { tab: 'security', message: EDIT_MESSAGES.fillPassword };
    if (form.password !== form.confirmPassword) return { tab: 'security', message: EDIT_MESSAGES.passwordsDiffer };
    if (!isStrongPassword(form.password)) return { tab: 'security', message: PASSWORD_RULE_MESSAGE };
  }
  return null;
}

/** One user of the POST users/update body (@ulca/contracts); the password only when it is being changed. */
export type { UserUpdate };

/** The users/update entry for a valid form: trimmed name; the password only with Change Password. */
export function toUserUpdate(user: { userID: string; email: string }, form: EditUserForm): UserUpdate {
  const out: UserUpdate = {
    userID: user.userID,
    email: user.email,
    firstName: form.firstName.trim(),
    roles: [...form.roles],
    orgID: form.orgID,
  };
  if (form.changePassword) out.password = form.password;
  return out;
}
