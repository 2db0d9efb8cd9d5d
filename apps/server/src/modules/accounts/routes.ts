import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { ADMIN_ONLY } from '@ulca/contracts';
import { PROFILE_UPDATED_MESSAGE, searchUsers, setUserActive, updateUsers } from './admin.ts';
import { FORGOT_MESSAGE, requestPasswordReset, RESET_DONE_MESSAGE, resetPassword, resetTokenStatus } from './password-reset.ts';
import { TooManyRequestsError } from './account-calls.rate-limit.ts';
import {
  forgotPasswordBody,
  languageBody,
  languageResponse,
  profileDeleteBody,
  profileNameBody,
  profileNameResponse,
  profilePasswordBody,
  profilePasswordResponse,
  UI_LANGUAGE_CODES,
  loginBody,
  loginResponse,
  meResponse,
  resetPasswordBody,
  signupBody,
  tokenStatusBody,
  tokenStatusResponse,
  USER_API,
  userSearchBody,
  userSearchResponse,
  userStatusBody,
  userUpdateBody,
  verifyUserBody,
  verifyUserResponse,
} from '@ulca/contracts';
import * as service from './service.ts';
import {
  ACCOUNT_DELETED_MESSAGE,
  changeOwnPassword,
  deleteOwnAccount,
  NAME_SAVED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  updateOwnName,
} from './self-service.ts';
import { findUiLanguage, saveUiLanguage } from './repo.ts';
import { messageResponse, errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import type { AccountsServices } from './limiters.rate-limit.ts';

/** Sets Retry-After on a 429 before the error handler renders it. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof TooManyRequestsError) reply.header('retry-after', String(err.retryAfterSeconds));
  throw err;
}

/**
 * Account routes under /ulca/user-mgmt/v1/users (docs/api.md#route-groups): signup, verify-user,
 * login, forgot-password, get/token/status, reset-password (unsigned); logout and me (signed);
 * search, update and update/active/status (ADMIN). Bodies are validated with the spec's messages:
 * a 400's `message` is the first field's message and `errors` lists them all.
 */
export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext<AccountsServices>): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['accounts']);

  app.post(
    USER_API.signup,
    route(PUBLIC, {
      summary:
        'Register a contributor account (inactive until the e-mailed link is followed; one user per request, 429 after SIGNUP_MAX_PER_IP_PER_HOUR requests from one address)',
      body: signupBody,
      response: { 200: messageResponse, ...errorResponses(400, 422, 429, 503) },
    }),
    async (request, reply) => {
      const body = request.body;
      await service.signup(ctx, body.users, { ip: request.ip }).catch((err: unknown) => withRetryAfter(reply, err));
      return { message: 'User registered successfully. Please check your e-mail to activate the account.' };
    },
  );

  app.post(
    USER_API.verifyUser,
    route(PUBLIC, {
      summary: 'Activate an account with the e-mail, user id and token of its activation link',
      body: verifyUserBody,
      response: { 200: verifyUserResponse, ...errorResponses(400) },
    }),
    async (request) => {
      const body = request.body;
      const { alreadyActive } = await service.verifyUser(ctx, body, { ip: request.ip });
      return alreadyActive
        ? { message: service.ALREADY_ACTIVE_MESSAGE, code: 'ALREADY_ACTIVE' }
        : { message: 'Your account has been activated.' };
    },
  );

  app.post(
    USER_API.login,
    // A login refused for a NUL character is still an attempt: audit it.
    route(
      PUBLIC,
      {
        summary:
          'Sign in: returns a new key pair for signing calls and the user details (after too many failed attempts: 429 unless data.code, the one-time code e-mailed to the account, comes with the password)',
        body: loginBody,
        response: { 200: loginResponse, ...errorResponses(400, 401, 403, 429) },
      },
      { config: { onRejectedInput: (request) => service.auditRefusedLogin(ctx, request.body, { ip: request.ip }) } },
    ),
    async (request, reply) => {
      const body = request.body;
      const data = await service
        .login(ctx, body.data.email, body.data.password, { ip: request.ip }, body.data.code || undefined)
        .catch((err: unknown) => withRetryAfter(reply, err));
      return { message: 'Logged in successfully', data };
    },
  );

  app.post(
    USER_API.logout,
    route(signedIn(), {
      summary: 'Sign out: the key pair that signed this call stops working',
      response: { 200: messageResponse, ...errorResponses(401) },
    }),
    async (request) => {
      await service.logout(ctx, currentUser(request), { ip: request.ip });
      return { message: 'Logout successful' };
    },
  );

  // The caller's interface language, kept so that it follows them to any browser
  // (docs/product.md#languages-of-the-interface).
  app.get(
    USER_API.language,
    route(signedIn(), {
      summary: "The caller's interface language (null when never chosen)",
      response: { 200: languageResponse, ...errorResponses(401) },
    }),
    async (request) => {
      const stored = await findUiLanguage(ctx.db, currentUser(request).userId);
      // A value no longer offered reads as never chosen.
      const language = (UI_LANGUAGE_CODES as readonly string[]).includes(stored ?? '')
        ? (stored as (typeof UI_LANGUAGE_CODES)[number])
        : null;
      return { language };
    },
  );

  app.post(
    USER_API.language,
    route(signedIn(), {
      summary: "Sets the caller's interface language (en, hi or ta)",
      body: languageBody,
      response: { 200: messageResponse, ...errorResponses(400, 401) },
    }),
    async (request) => {
      const body = request.body;
      await saveUiLanguage(ctx.db, currentUser(request).userId, body.language);
      return { message: 'Language saved' };
    },
  );

  // Account self-service: always the caller's own account, from the signature
  // (docs/product.md#profile-and-api-keys, docs/api.md#route-groups).
  app.post(
    USER_API.profileName,
    route(signedIn(), {
      summary: "Sets the caller's own first and last name",
      body: profileNameBody,
      response: { 200: profileNameResponse, ...errorResponses(400, 401) },
    }),
    async (request) => {
      const body = request.body;
      const data = await updateOwnName(ctx, currentUser(request), body, { ip: request.ip });
      return { message: NAME_SAVED_MESSAGE, data };
    },
  );

  app.post(
    USER_API.profilePassword,
    route(signedIn(), {
      summary:
        "Changes the caller's password (the current one required, 400 WRONG_PASSWORD otherwise); ends every other session and keeps this one",
      body: profilePasswordBody,
      response: { 200: profilePasswordResponse, ...errorResponses(400, 401, 429) },
    }),
    async (request, reply) => {
      const body = request.body;
      const sessionsEnded = await changeOwnPassword(ctx, currentUser(request), body, { ip: request.ip }).catch((err: unknown) =>
        withRetryAfter(reply, err),
      );
      return { message: PASSWORD_CHANGED_MESSAGE, sessionsEnded };
    },
  );

  app.post(
    USER_API.profileDelete,
    route(signedIn(), {
      summary:
        "Deletes the caller's account (e-mail typed again and password required): sessions, API keys, glossaries and speakers are deleted; published contributions stay, anonymised",
      body: profileDeleteBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 429) },
    }),
    async (request, reply) => {
      const body = request.body;
      await deleteOwnAccount(ctx, currentUser(request), body, { ip: request.ip }).catch((err: unknown) => withRetryAfter(reply, err));
      return { message: ACCOUNT_DELETED_MESSAGE };
    },
  );

  app.get(
    USER_API.me,
    route(signedIn(), {
      summary: 'The signed-in user (checks that the session is still valid)',
      response: { 200: meResponse, ...errorResponses(401) },
    }),
    async (request) => {
      // Answered from the verified session: it reflects every change to the user at once
      // (session-cache.ts invalidation), so no second read of `users` is needed.
      const u = currentUser(request);
      return {
        data: {
          userID: u.userId,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          roles: u.roles,
          isActive: true,
          org: u.org,
        },
      };
    },
  );

  app.post(
    USER_API.forgotPassword,
    route(PUBLIC, {
      summary: 'Ask for a password reset link by e-mail (same answer whether or not the account exists)',
      body: forgotPasswordBody,
      response: { 200: messageResponse, ...errorResponses(400, 429) },
    }),
    async (request, reply) => {
      const body = request.body;
      await requestPasswordReset(ctx, body.email, { ip: request.ip }).catch((err: unknown) => withRetryAfter(reply, err));
      return { message: FORGOT_MESSAGE };
    },
  );

  app.post(
    USER_API.tokenStatus,
    route(PUBLIC, {
      summary: 'Check a password reset link before showing the form',
      body: tokenStatusBody,
      response: { 200: tokenStatusResponse, ...errorResponses(400) },
    }),
    async (request) => {
      const body = request.body;
      return { message: 'The link is valid.', data: await resetTokenStatus(ctx, body.token, body.email) };
    },
  );

  app.post(
    USER_API.resetPassword,
    route(PUBLIC, {
      summary: 'Set a new password with the e-mail and token of a reset link; ends every session of the account',
      body: resetPasswordBody,
      response: { 200: messageResponse, ...errorResponses(400) },
    }),
    async (request) => {
      const body = request.body;
      await resetPassword(ctx, body, { ip: request.ip });
      return { message: RESET_DONE_MESSAGE };
    },
  );

  app.post(
    USER_API.search,
    route(signedIn(ADMIN_ONLY), {
      tags: ['admin'],
      summary: 'Users matching the filters, newest first, offset/limit paged (ADMIN)',
      body: userSearchBody,
      response: { 200: userSearchResponse, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const body = request.body;
      return { message: 'Users', ...(await searchUsers(ctx, body)) };
    },
  );

  app.post(
    USER_API.update,
    route(signedIn(ADMIN_ONLY), {
      tags: ['admin'],
      summary: "Edit users' name, e-mail, roles, organisation and optionally password (ADMIN; never one's own row)",
      body: userUpdateBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404, 422) },
    }),
    async (request) => {
      const body = request.body;
      await updateUsers(ctx, currentUser(request), body.users, { ip: request.ip });
      return { message: PROFILE_UPDATED_MESSAGE };
    },
  );

  app.post(
    USER_API.updateActiveStatus,
    route(signedIn(ADMIN_ONLY), {
      tags: ['admin'],
      summary: "Activate or deactivate a user (ADMIN; never one's own account); deactivation ends their sessions and API keys at once",
      body: userStatusBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const body = request.body;
      return { message: await setUserActive(ctx, currentUser(request), body.email, body.is_active, { ip: request.ip }) };
    },
  );
}
