import type { Role } from '@ulca/contracts';

/**
 * Types shared by the security files and the features (no code: importing this file never pulls in
 * auth.ts or the accounts service, so it cannot close an import cycle; eslint/boundaries.js).
 */

/** The signed-in caller, set on `request.user` by the access hook (security/access.ts). */
export interface AuthUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  /** Organisation code, null when none (shown as UNDEFINED). */
  org: string | null;
  roles: Role[];
  /** The session key the call was signed with (logout deletes it). */
  publicKey: string;
}
