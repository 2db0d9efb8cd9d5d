import { randomTag, USERS, type AccessSamples, type MatrixFixture } from '../access-matrix.ts';
import type { TestUser } from '../users.ts';

const STRONG_PASSWORD = 'N3w&Password';

/** An active contributor the caller does not own (admin targets, login). */
async function otherUser(fx: MatrixFixture): Promise<TestUser> {
  return fx.createUser(['CONTRIBUTOR-USER']);
}

/**
 * Accounts and admin user management (docs/api.md#route-groups, docs/product.md#admin, docs/product.md#validation-rules, docs/api.md#route-groups): the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  [`POST ${USERS}/signup`]: {
    sample: () => ({ body: { users: [{ firstName: 'Matrix User', email: `m${randomTag()}@example.org`, password: STRONG_PASSWORD }] } }),
    okStatus: 200,
  },
  [`POST ${USERS}/verify-user`]: { sample: () => ({ body: { email: 'a@example.org', userID: 'x', token: 'x' } }), okStatus: 400 },
  [`POST ${USERS}/login`]: {
    sample: async ({ fx }) => {
      const u = await otherUser(fx);
      return { body: { authenticator: 'ULCA', data: { email: u.email, password: u.password } } };
    },
    okStatus: 200,
  },
  [`POST ${USERS}/logout`]: {
    owner: null,
    freshSession: true,
    sample: () => ({ body: {} }),
    note: 'Ends the session that signed it; nothing of another user to name.',
  },
  [`GET ${USERS}/me`]: { owner: null, okStatus: 200, note: 'Always the caller.' },
  [`GET ${USERS}/language`]: { owner: null, okStatus: 200, note: "Always the caller's own language." },
  [`POST ${USERS}/language`]: {
    owner: null,
    sample: () => ({ body: { language: 'hi' } }),
    okStatus: 200,
    note: "Always the caller's own language.",
  },
  [`POST ${USERS}/profile/name`]: {
    owner: null,
    sample: () => ({ body: { firstName: 'Test User' } }),
    okStatus: 200,
    note: "Always the caller's own account (identity from the signature; a userID in the body is ignored: self-service.int.test.ts).",
  },
  [`POST ${USERS}/profile/password`]: {
    owner: null,
    // A wrong current password: admitted (400 WRONG_PASSWORD) without changing the shared user's password.
    sample: () => ({ body: { currentPassword: 'Not&ThePassword1', newPassword: STRONG_PASSWORD } }),
    okStatus: 400,
    note: "Always the caller's own account.",
  },
  [`POST ${USERS}/profile/delete`]: {
    owner: null,
    // A wrong password: admitted (400 WRONG_PASSWORD) without deleting the shared user.
    sample: ({ caller }) => ({ body: { email: caller.email, password: 'Not&ThePassword1' } }),
    okStatus: 400,
    note: "Always the caller's own account (deletion itself: self-service.int.test.ts).",
  },
  [`POST ${USERS}/forgot-password`]: { sample: () => ({ body: { email: 'nobody@example.org' } }), okStatus: 200 },
  [`POST ${USERS}/get/token/status`]: { sample: () => ({ body: { token: 'x'.repeat(43) } }), okStatus: 400 },
  [`POST ${USERS}/reset-password`]: {
    sample: () => ({ body: { email: 'nobody@example.org', token: 'x'.repeat(43), password: STRONG_PASSWORD } }),
    okStatus: 400,
  },
  [`POST ${USERS}/search`]: { owner: null, sample: () => ({ body: { offset: 0, limit: 10 } }), okStatus: 200 },
  [`POST ${USERS}/update`]: {
    owner: null,
    sample: async ({ fx }) => {
      const u = await otherUser(fx);
      return {
        body: { users: [{ userID: u.userId, email: u.email, firstName: 'Renamed User', roles: ['CONTRIBUTOR-USER'], orgID: 'UNDEFINED' }] },
      };
    },
    okStatus: 200,
    note: "Admins act on every user's row but their own (403 SELF_EDIT, tested in admin-users.int.test.ts).",
  },
  [`POST ${USERS}/update/active/status`]: {
    owner: null,
    sample: async ({ fx }) => ({ body: { email: (await otherUser(fx)).email, is_active: false } }),
    okStatus: 200,
  },
};
