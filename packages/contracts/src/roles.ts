/**
 * User roles and the role groups the API and the web app check (docs/product.md#what-the-platform-is and docs/product.md#roles;
 * who may call which route: docs/api.md#who-may-call-what). The first role of a user's list
 * drives tab visibility in the web app; the server checks membership in the list.
 */
export const ROLES = ['CONTRIBUTOR-USER', 'READONLY-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'EXTERNAL-CONSORTIUM-MEMBER', 'ADMIN'] as const;

/** One of {@link ROLES}. */
export type Role = (typeof ROLES)[number];

/** True when `value` is a known role name (exact, upper-case spelling). */
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Every role: a signed route open to any signed-in user. */
export const ANY_ROLE: readonly Role[] = ROLES;
/** Who contributes datasets and models, and runs benchmarks on their models (My Contribution, Submit Dataset, Submit Model). */
export const CONTRIBUTORS: readonly Role[] = ['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'];
/** Who may search and download dataset records (not consortium members). */
export const SEARCHERS: readonly Role[] = ['READONLY-USER', 'CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'];
/** Who may submit benchmark datasets. */
export const BENCHMARK_SUBMITTERS: readonly Role[] = ['BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'];
/** Administrators only. */
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];
