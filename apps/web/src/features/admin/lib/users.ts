import { ROLES, type Role } from '@ulca/contracts';

/** Place of each role in the edit dialog and the filter (a Record, so a new role must be placed). */
const OPTION_RANK: Record<Role, number> = {
  ADMIN: 0,
  'CONTRIBUTOR-USER': 1,
  'BENCHMARK-DATASET-CONTRIBUTOR': 2,
  'READONLY-USER': 3,
  'EXTERNAL-CONSORTIUM-MEMBER': 4,
};

/** Every role (@ulca/contracts ROLES), in the order the edit dialog and the filter offer them. */
export const ROLE_OPTIONS: readonly Role[] = [...ROLES].sort((a, b) => OPTION_RANK[a] - OPTION_RANK[b]);

/** The only organisation choice (docs/product.md#roles). */
export const ORG_OPTIONS = ['UNDEFINED'] as const;

/** Users per table page (docs/product.md#states-and-transitions pagination default: 10 rows). */
export const USERS_PAGE_SIZE = 10;

/** A role code as words: 'BENCHMARK-DATASET-CONTRIBUTOR' → 'Benchmark Dataset Contributor'. */
export function roleLabel(role: string): string {
  return role
    .split('-')
    .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ');
}

/** The fields of a user row that the search box reads. */
export interface SearchableUser {
  userID: string;
  email: string;
  firstName: string;
  roles: readonly string[];
  orgID: string | null;
}

/** Case-insensitive match of `term` against user id, name, e-mail, roles and organisation (docs/product.md#states-and-transitions). */
export function matchesUserSearch(user: SearchableUser, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [user.userID, user.firstName, user.email, user.orgID ?? '', ...user.roles, ...user.roles.map(roleLabel)].some((f) =>
    f.toLowerCase().includes(t),
  );
}

/** The Role and Organisation filter of the user table; empty lists do not filter. */
export interface UserFilter {
  roles: string[];
  orgs: string[];
}
export const NO_USER_FILTER: UserFilter = { roles: [], orgs: [] };

/** Adds `value` to the list, or removes it when present (the popover's toggle values). */
export function toggleValue(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Body of POST users/search (contracts: Accounts) for one view of the table. */
export interface UserSearchBody {
  /** Only these users (the audit log names the users of its page). */
  userIDs?: string[];
  roleCodes?: string[];
  orgCodes?: string[];
  offset: number;
  limit: number;
  skip_pagination?: boolean;
}

/**
 * The users/search body for the table's state. Role and organisation filters are applied by the
 * server (roleCodes, orgCodes: OR within a list, AND across them). Without a search term the server
 * pages (offset, limit); with one, the whole filtered list is fetched (skip_pagination), because
 * the server has no text search: the term is matched in the browser and the result paged there.
 */
export function userSearchBody(filter: UserFilter, page: number, term: string, pageSize = USERS_PAGE_SIZE): UserSearchBody {
  const body: UserSearchBody = { offset: 0, limit: pageSize };
  if (filter.roles.length) body.roleCodes = [...filter.roles];
  if (filter.orgs.length) body.orgCodes = [...filter.orgs];
  if (term.trim()) body.skip_pagination = true;
  else body.offset = page * pageSize;
  return body;
}
