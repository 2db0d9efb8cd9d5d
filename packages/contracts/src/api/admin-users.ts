/**
 * Admin user management (docs/product.md#validation-rules): the users/update body and the edit dialog's messages, one
 * source for the server (accounts schemas and admin service) and the web admin feature.
 */

/** Path of the admin's update call (POST). */
export const USER_UPDATE_PATH = '/ulca/user-mgmt/v1/users/update';

/** docs/product.md#validation-rules messages of the admin edit dialog, answered by the server for the same faults. */
export const ADMIN_EDIT_MESSAGES = {
  profile: 'Profile details are mandatory',
  fillPassword: 'Please fill password',
  passwordsDiffer: 'Password and Confirm Password is different',
} as const;

/** The only organisation code (shown as UNDEFINED). */
export const UNDEFINED_ORG = 'UNDEFINED';

/**
 * One user of the POST users/update body; `password` only when it is being changed. Without
 * `userID` the user is found by `email` (which then cannot change), and without `orgID` the
 * organisation is kept: the original ULCA admin page sends neither (docs/migration.md).
 */
export interface UserUpdate {
  userID?: string;
  email: string;
  firstName: string;
  roles: string[];
  orgID?: string;
  password?: string;
}

/** Body of POST users/update: 1 to 100 users, applied all or none. */
export interface UserUpdateBody {
  users: UserUpdate[];
}
