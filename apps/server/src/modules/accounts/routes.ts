import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { currentUser, requireAuth, SESSION_ENDED_MESSAGE } from './auth.ts';
import {
  errorResponse,
  loginBody,
  loginResponse,
  meResponse,
  messageResponse,
  signupBody,
  validatedBody,
  verifyUserBody,
} from './schemas.ts';
import * as service from './service.ts';

/** Base path of the account calls (spec 01 §7). */
export const USERS_PATH = '/ulca/user-mgmt/v1/users';

const TAGS = ['accounts'];
const SIGNED = [{ key: [], sig: [], payload: [] }];

/**
 * Account routes under /ulca/user-mgmt/v1/users (spec 01 §7): signup, verify-user, login (unsigned),
 * logout and me (signed). Bodies are validated with the spec 01 §5 messages: a 400's `message` is
 * the first field's message and `errors` lists them all.
 */
export async function accountRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    `${USERS_PATH}/signup`,
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Register a contributor account (inactive until the e-mailed link is followed)',
        body: signupBody,
        response: { 200: messageResponse, 400: errorResponse, 422: errorResponse, 503: errorResponse },
      },
    },
    async (request) => {
      const body = validatedBody(signupBody, request);
      await service.signup(ctx, body.users);
      return { message: 'User registered successfully. Please check your e-mail to activate the account.' };
    },
  );

  app.post(
    `${USERS_PATH}/verify-user`,
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Activate an account with the e-mail, user id and token of its activation link',
        body: verifyUserBody,
        response: { 200: messageResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const body = validatedBody(verifyUserBody, request);
      await service.verifyUser(ctx, body);
      return { message: 'Your account has been activated.' };
    },
  );

  app.post(
    `${USERS_PATH}/login`,
    {
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Sign in: returns a new key pair for signing calls and the user details',
        body: loginBody,
        response: { 200: loginResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const body = validatedBody(loginBody, request);
      const data = await service.login(ctx, body.data.email, body.data.password);
      return { message: 'Logged in successfully', data };
    },
  );

  app.post(
    `${USERS_PATH}/logout`,
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: TAGS,
        summary: 'Sign out: the key pair that signed this call stops working',
        security: SIGNED,
        response: { 200: messageResponse, 401: errorResponse },
      },
    },
    async (request) => {
      await service.logout(ctx, currentUser(request).publicKey);
      return { message: 'Logout successful' };
    },
  );

  app.get(
    `${USERS_PATH}/me`,
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: TAGS,
        summary: 'The signed-in user (checks that the stored session is still valid)',
        security: SIGNED,
        response: { 200: meResponse, 401: errorResponse },
      },
    },
    async (request) => {
      const details = await service.getUserById(ctx, currentUser(request).userId);
      // The user was just read by the signature check; it can only vanish in a concurrent delete.
      if (!details) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
      return { data: details };
    },
  );
}
