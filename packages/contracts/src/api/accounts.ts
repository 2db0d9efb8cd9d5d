/**
 * The account calls (docs/product.md#entities-and-fields, docs/product.md#validation-rules, docs/api.md#route-groups; see docs/api.md#accounts-ulcauser-mgmtv1users): their paths,
 * request bodies with the spec's validation messages, and answers. One source for the server's
 * routes (validation and the OpenAPI document) and the web app's fetchers (which parse each answer
 * with the schema the server answers with).
 */
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, PASSWORD_RULE_MESSAGE, isStrongPassword } from '../accounts.ts';
import { ADMIN_EDIT_MESSAGES, type UserUpdateBody } from './admin-users.ts';
import { AUDIT_ACTIONS } from '../audit.ts';
import { ROLES } from '../roles.ts';

/** Base path of the user-management calls (accounts, keys, audit; docs/api.md#route-groups). */
export const USERS_PATH = '/ulca/user-mgmt/v1/users';

/** Paths of the account and admin calls (all POST except `me` and `audit`, GET). */
export const USER_API = {
  signup: `${USERS_PATH}/signup`,
  verifyUser: `${USERS_PATH}/verify-user`,
  login: `${USERS_PATH}/login`,
  logout: `${USERS_PATH}/logout`,
  me: `${USERS_PATH}/me`,
  forgotPassword: `${USERS_PATH}/forgot-password`,
  tokenStatus: `${USERS_PATH}/get/token/status`,
  resetPassword: `${USERS_PATH}/reset-password`,
  search: `${USERS_PATH}/search`,
  update: `${USERS_PATH}/update`,
  updateActiveStatus: `${USERS_PATH}/update/active/status`,
  audit: '/ulca/user-mgmt/v1/audit',
  language: `${USERS_PATH}/language`,
  profileName: `${USERS_PATH}/profile/name`,
  profilePassword: `${USERS_PATH}/profile/password`,
  profileDelete: `${USERS_PATH}/profile/delete`,
} as const;

/** The interface languages a user may keep in their profile (docs/product.md#languages-of-the-interface). */
export const UI_LANGUAGE_CODES = ['en', 'hi', 'ta'] as const;
export type UiLanguageCode = (typeof UI_LANGUAGE_CODES)[number];

/** POST users/language: the caller's interface language. */
export const languageBody = z.object({ language: z.enum(UI_LANGUAGE_CODES) });
export type LanguageBody = z.infer<typeof languageBody>;

/** GET users/language: the caller's interface language, null when never chosen. */
export const languageResponse = z.object({ language: z.enum(UI_LANGUAGE_CODES).nullable() });
export type LanguageResponse = z.infer<typeof languageResponse>;

/** The `{ message }` answer of calls that answer with a sentence only. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** The error body of every route (see docs/api.md#errors): `{ message, code, errors? }`. */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** docs/product.md#validation-rules messages. */
export const ACCOUNT_MESSAGES = {
  name: 'Name is not proper',
  email: 'Invalid email',
  password: PASSWORD_RULE_MESSAGE,
  enterEmail: 'Enter an email',
  enterPassword: 'Enter a password',
} as const;

/** Letters (any script, with combining marks such as Indic vowel signs) and spaces. */
export const NAME_PATTERN = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;

const email = z
  .string({ error: ACCOUNT_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(254, ACCOUNT_MESSAGES.email)
  .pipe(z.email({ error: ACCOUNT_MESSAGES.email }));

/** One user of a sign-up request. `roles` is accepted but ignored: self sign-up is always CONTRIBUTOR-USER. */
export const signupUserSchema = z.object({
  firstName: z
    .string({ error: ACCOUNT_MESSAGES.name })
    .trim()
    .min(1, ACCOUNT_MESSAGES.name)
    .max(100, 'Name is too long (at most 100 characters).')
    .regex(NAME_PATTERN, ACCOUNT_MESSAGES.name),
  email,
  password: z
    .string({ error: ACCOUNT_MESSAGES.password })
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password)
    .refine(isStrongPassword, ACCOUNT_MESSAGES.password),
  roles: z.array(z.string()).optional().describe('Ignored: self sign-up always assigns CONTRIBUTOR-USER.'),
  language: z
    .enum(UI_LANGUAGE_CODES)
    .optional()
    .describe('The interface language at sign-up: kept in the profile, and the activation e-mail is written in it (default English).'),
});
export type SignupUser = z.infer<typeof signupUserSchema>;

/** Users one sign-up request may register (each costs an argon2 hash and an e-mail). */
export const SIGNUP_MAX_USERS = 1;

/** Body of POST /users/signup (`users`: a list, as in the original ULCA, of at most SIGNUP_MAX_USERS). */
export const signupBody = z.object({
  users: z
    .array(signupUserSchema, { error: 'users must be a list of users' })
    .min(1, 'users must not be empty')
    .max(SIGNUP_MAX_USERS, `At most ${SIGNUP_MAX_USERS} user per request`),
});

/** Body of POST /users/verify-user: the parts of the activation link. */
export const verifyUserBody = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.email }).trim().min(1, ACCOUNT_MESSAGES.email).max(254, ACCOUNT_MESSAGES.email),
  userID: z.string({ error: 'userID is required' }).trim().min(1, 'userID is required').max(64, 'userID is not valid'),
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(256, 'token is not valid'),
});

/** Body of POST /users/login. `authenticator` is the fixed product value 'ULCA'. */
export const loginBody = z.object({
  authenticator: z.literal('ULCA', { error: "authenticator must be 'ULCA'" }),
  data: z.object({
    email: z.string({ error: ACCOUNT_MESSAGES.enterEmail }).trim().min(1, ACCOUNT_MESSAGES.enterEmail).max(254, 'Invalid email / password'),
    password: z
      .string({ error: ACCOUNT_MESSAGES.enterPassword })
      .max(MAX_PASSWORD_LENGTH, 'Invalid email / password')
      .refine((p) => p.trim() !== '', ACCOUNT_MESSAGES.enterPassword),
    code: z
      .string()
      .trim()
      .max(40, 'The sign-in code is not valid')
      .optional()
      .describe('The one-time code e-mailed after too many failed attempts'),
  }),
});

/** The public view of a user (login data.userDetails, docs/product.md#entities-and-fields). */
export const userDetailsSchema = z.object({
  userID: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  roles: z.array(z.string()),
  isActive: z.boolean(),
  org: z.string().nullable(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** A session key pair (login data.userKeys); both are 64-character hex strings. */
export const userKeysSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

export const loginResponse = z.object({
  message: z.string(),
  data: z.object({ userKeys: userKeysSchema, userDetails: userDetailsSchema }),
});

export const meResponse = z.object({ data: userDetailsSchema });

// ── forgot and reset password (docs/product.md#sign-in-and-accounts, docs/product.md#validation-rules, docs/api.md#route-groups; contracts "Accounts") ──────────────────────

/** Body of POST /users/forgot-password. */
export const forgotPasswordBody = z.object({ email });

const resetToken = z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(256, 'token is not valid');

/** Body of POST /users/get/token/status. */
export const tokenStatusBody = z.object({
  token: resetToken,
  email: z.string().trim().max(254, ACCOUNT_MESSAGES.email).optional(),
});

/** Body of POST /users/reset-password: the e-mail and token of the link, and the new password (docs/product.md#validation-rules rule). */
export const resetPasswordBody = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.email }).trim().min(1, ACCOUNT_MESSAGES.email).max(254, ACCOUNT_MESSAGES.email),
  token: resetToken,
  password: z
    .string({ error: ACCOUNT_MESSAGES.password })
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password)
    .refine(isStrongPassword, ACCOUNT_MESSAGES.password),
});

export const tokenStatusResponse = z.object({ message: z.string(), data: z.object({ valid: z.literal(true), email: z.string() }) });

// ── admin user management (docs/product.md#admin, docs/product.md#validation-rules, docs/api.md#route-groups) ────────────────────────────────────────────────

/** docs/product.md#validation-rules messages of the admin edit dialog. */
const ADMIN_MESSAGES = ADMIN_EDIT_MESSAGES;

/** '' and null as absent: the original ULCA admin page sends `offset: ""` and `limit: ""`. */
const blankAsAbsent = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Body of POST /users/search (admin). */
export const userSearchBody = z.object({
  userIDs: z.array(z.string().max(64)).max(1000).optional(),
  emails: z.array(z.string().max(254)).max(1000).optional(),
  roleCodes: z.array(z.string().max(64)).max(10).optional(),
  orgCodes: z.array(z.string().max(64)).max(10).optional(),
  offset: z.preprocess(blankAsAbsent, z.coerce.number().int().min(0).default(0)),
  limit: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(1000).default(10)),
  skip_pagination: z.boolean().optional(),
});

/** One user of POST /users/update (admin). `confirmPassword`, when sent, must equal `password`. */
export const adminUserUpdate = z
  .object({
    userID: z.string({ error: ADMIN_MESSAGES.profile }).trim().min(1, ADMIN_MESSAGES.profile).max(64).optional(),
    email,
    firstName: z
      .string({ error: ADMIN_MESSAGES.profile })
      .trim()
      .min(1, ADMIN_MESSAGES.profile)
      .max(100, 'Name is too long (at most 100 characters).')
      .regex(NAME_PATTERN, ACCOUNT_MESSAGES.name),
    roles: z
      .array(z.enum(ROLES, { error: 'Unknown role' }), { error: ADMIN_MESSAGES.profile })
      .min(1, ADMIN_MESSAGES.profile)
      .max(5)
      .refine((r) => new Set(r).size === r.length, 'A role is listed twice'),
    orgID: z
      .string({ error: ADMIN_MESSAGES.profile })
      .trim()
      .min(1, ADMIN_MESSAGES.profile)
      .refine((o) => o === 'UNDEFINED', "The only organisation is 'UNDEFINED'")
      .optional(),
    password: z
      .string()
      .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password)
      .refine((p) => p !== '', ADMIN_MESSAGES.fillPassword)
      .refine((p) => p === '' || isStrongPassword(p), ACCOUNT_MESSAGES.password)
      .optional(),
    confirmPassword: z.string().max(MAX_PASSWORD_LENGTH).optional(),
  })
  .superRefine((u, c) => {
    if (u.confirmPassword === undefined) return;
    if (u.password === undefined || u.confirmPassword === '')
      c.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_MESSAGES.fillPassword });
    else if (u.password !== u.confirmPassword)
      c.addIssue({ code: 'custom', path: ['confirmPassword'], message: ADMIN_MESSAGES.passwordsDiffer });
  });

/** Body of POST /users/update (admin). */
export const userUpdateBody = z.object({
  users: z.array(adminUserUpdate, { error: ADMIN_MESSAGES.profile }).min(1, ADMIN_MESSAGES.profile).max(100),
}) satisfies z.ZodType<UserUpdateBody, unknown>;

/** Body of POST /users/update/active/status (admin). */
export const userStatusBody = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.email }).trim().min(1, ACCOUNT_MESSAGES.email).max(254, ACCOUNT_MESSAGES.email),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
});

export const adminUserRecord = z.object({
  userID: z.string(),
  email: z.string(),
  firstName: z.string(),
  roles: z.array(z.string()),
  /** The user's organisation; null when none was ever set (the list does not pretend one). */
  orgID: z.string().nullable(),
  isActive: z.boolean(),
  createdOn: z.string(),
  activatedTime: z.string().nullable(),
  /** The platform's own account (docs/product.md#admin): shown marked, never activated, deactivated or edited. */
  isSystem: z.boolean().default(false),
});
export const userSearchResponse = z.object({ message: z.string(), data: z.array(adminUserRecord), count: z.number() });

export type LoginBody = z.input<typeof loginBody>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type TokenStatusResponse = z.infer<typeof tokenStatusResponse>;
export type UserSearchResponse = z.infer<typeof userSearchResponse>;
/** One user of POST users/search (docs/product.md#entities-and-fields 'User (admin)'). */
export type AdminUserRecord = z.infer<typeof adminUserRecord>;

// ── the audit log (GET USER_API.audit, ADMIN) ───────────────────────────────────

/** Query of GET audit: a page (offset, limit ≤ 500) of entries, optionally of one action. */
export const auditQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  action: z.enum(AUDIT_ACTIONS).optional(),
});

/** One entry of the audit log: who (actor), what (action, target, details), when (`at`, ISO 8601), from where (ip). */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string().describe('ISO 8601'),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** Response of GET audit: the page, newest first, and the number of entries matching in all. */
export const auditListResponse = z.object({ data: z.array(auditEntry), count: z.number() });
export type AuditListResponse = z.infer<typeof auditListResponse>;

// ── account self-service (docs/product.md#profile-and-api-keys, docs/api.md#route-groups) ──────────

const personName = (required: boolean) => {
  const base = z.string({ error: ACCOUNT_MESSAGES.name }).trim().max(100, 'Name is too long (at most 100 characters).');
  return required
    ? base.min(1, ACCOUNT_MESSAGES.name).regex(NAME_PATTERN, ACCOUNT_MESSAGES.name)
    : base.refine((v) => v === '' || NAME_PATTERN.test(v), ACCOUNT_MESSAGES.name);
};

/** Body of POST users/profile/name: the caller's own name (an empty lastName clears it). */
export const profileNameBody = z.object({ firstName: personName(true), lastName: personName(false).optional() });
export type ProfileNameBody = z.infer<typeof profileNameBody>;

/** Answer of POST users/profile/name: the caller's details as they now are. */
export const profileNameResponse = z.object({ message: z.string(), data: userDetailsSchema });

/** Body of POST users/profile/password: the current password and the new one (docs/product.md#validation-rules rule). */
export const profilePasswordBody = z.object({
  currentPassword: z.string({ error: ACCOUNT_MESSAGES.enterPassword }).min(1, ACCOUNT_MESSAGES.enterPassword).max(MAX_PASSWORD_LENGTH),
  newPassword: z
    .string({ error: ACCOUNT_MESSAGES.password })
    .max(MAX_PASSWORD_LENGTH, ACCOUNT_MESSAGES.password)
    .refine(isStrongPassword, ACCOUNT_MESSAGES.password),
});
export type ProfilePasswordBody = z.infer<typeof profilePasswordBody>;

/** Answer of POST users/profile/password: how many other sessions were ended. */
export const profilePasswordResponse = z.object({ message: z.string(), sessionsEnded: z.number().int() });

/** Body of POST users/profile/delete: the caller's e-mail typed again (the confirmation) and their password. */
export const profileDeleteBody = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.enterEmail }).trim().min(1, ACCOUNT_MESSAGES.enterEmail).max(254),
  password: z.string({ error: ACCOUNT_MESSAGES.enterPassword }).min(1, ACCOUNT_MESSAGES.enterPassword).max(MAX_PASSWORD_LENGTH),
});
export type ProfileDeleteBody = z.infer<typeof profileDeleteBody>;
