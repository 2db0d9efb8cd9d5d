/**
 * User roles (spec 01 §1 and §6, spec 02 §6). The first role of a user's list drives tab
 * visibility in the web app; the server checks membership in the list.
 */
export const ROLES = [
  'CONTRIBUTOR-USER',
  'READONLY-USER',
  'BENCHMARK-DATASET-CONTRIBUTOR',
  'EXTERNAL-CONSORTIUM-MEMBER',
  'ADMIN',
] as const;

/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** True when `value` is a known role name (exact, upper-case spelling). */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
