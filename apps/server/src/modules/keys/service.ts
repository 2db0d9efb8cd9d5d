import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../security/auth.ts';
import type { RequestMeta } from '../accounts/service.ts';
import { hexEquals } from '../../security/signing.ts';
import { recordAudit, type AuditAction } from '../audit/service.ts';
import * as repo from './repo.ts';
import type { ApiKeyCaller, CallerContext } from '../../security/callers.ts';

/** Deletes every API key of a user inside the caller's transaction `trx` (deactivation by an admin). Returns how many. */
export async function deleteApiKeysOfUser(trx: Parameters<typeof repo.deleteApiKeysOfUser>[0], userId: string): Promise<number> {
  return repo.deleteApiKeysOfUser(trx, userId);
}

/**
 * Application API keys (docs/product.md#profile-and-api-keys Profile, docs/product.md#entities-and-fields "API key record", docs/api.md#route-groups).
 *
 * A key authenticates an application's calls to the inference API (header `ulcaApiKey`). Format:
 * `ulca_<12 hex>.<43 base64url>`: the part before the dot is the public identifier (listed, used to
 * revoke), the rest a 256-bit random secret. The full key is shown once, at generation; only its
 * sha-256 is stored. A fast hash is right here (unlike passwords): with 256 random bits nobody can
 * guess a key from its hash, and a slow hash would cost every inference call tens of milliseconds.
 * Revoking deletes the key, so its next call is refused; so does deactivating its user.
 *
 * Per key and service provider (SERVICE_PROVIDERS) a user may hold an inference key for that
 * provider (same scheme: shown once, stored hashed, listed masked) and a data-tracking switch,
 * off by default: off means the platform keeps no inputs or outputs of the key's inference calls.
 */

export const NOT_YOURS_MESSAGE = 'You can only manage your own API keys.';
export const KEY_NOT_FOUND_MESSAGE = 'No API key with this identifier.';
export const APP_NAME_TAKEN_MESSAGE = 'An API key for this app name already exists.';
/** Keys one user may hold. */
export const MAX_KEYS_PER_USER = 50;

const FULL_KEY = /^(ulca_[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const KEY_ID = /^ulca_[0-9a-f]{12}$/;

/** sha-256 hex of a presented key or inference key. */
export function keyHash(fullKey: string): string {
  return createHash('sha256').update(fullKey, 'utf8').digest('hex');
}

/** A new key: `{ keyId: 'ulca_<12 hex>', fullKey: '<keyId>.<43 base64url>' }`. */
export function newApiKey(): { keyId: string; fullKey: string } {
  const keyId = `ulca_${randomBytes(6).toString('hex')}`;
  return { keyId, fullKey: `${keyId}.${randomBytes(32).toString('base64url')}` };
}

/** The identifier of a key given as identifier or full key; undefined when it is neither. */
export function keyIdOf(value: string): string | undefined {
  const v = value.trim();
  if (KEY_ID.test(v)) return v;
  return FULL_KEY.exec(v)?.[1];
}

/** Masks a secret for display: its first 4 and last 4 characters. */
export function maskSecret(value: string): string {
  return `${value.slice(0, 4)}${'*'.repeat(8)}${value.slice(-4)}`;
}

/** Throws 403 unless `userID` is the caller (for every role, ADMIN included). */
function assertSelf(user: AuthUser, userID: string): void {
  if (userID !== user.userId) throw forbidden(NOT_YOURS_MESSAGE);
}

/** Audits the caller's `action` on their own API key (`details`: the app name, key id, provider, …). */
function auditOwnKey(
  ctx: AppContext,
  user: AuthUser,
  action: AuditAction,
  meta: RequestMeta,
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(ctx, { actorUserId: user.userId, action, targetUserId: user.userId, ip: meta.ip, details });
}

/** The caller's key `ulcaApiKey` (identifier or full key); 404 when unknown or someone else's. */
async function ownKey(ctx: AppContext, user: AuthUser, ulcaApiKey: string): Promise<repo.ApiKeyRow> {
  const keyId = keyIdOf(ulcaApiKey);
  const row = keyId ? await repo.findOwnKey(ctx.db, user.userId, keyId) : undefined;
  if (!row) throw notFound(KEY_NOT_FOUND_MESSAGE);
  return row;
}

/** Throws 400 for a provider not in SERVICE_PROVIDERS. */
function assertProvider(ctx: AppContext, provider: string): void {
  if (!ctx.config.serviceProviders.includes(provider)) {
    throw badRequest('UNKNOWN_PROVIDER', 'Unknown service provider.', [
      { field: 'serviceProviderName', message: `One of: ${ctx.config.serviceProviders.join(', ')}` },
    ]);
  }
}

/** A provider entry of a key record (docs/product.md#entities-and-fields). */
export interface ServiceProviderKey {
  serviceProviderName: string;
  /** The provider's inference key, masked; null when none is generated. */
  inferenceApiKey: { name: string; value: string } | null;
  dataTracking: boolean;
}

/** Every configured provider for one key, with what the key holds for it. */
function providerEntries(ctx: AppContext, rows: repo.ProviderRow[]): ServiceProviderKey[] {
  return ctx.config.serviceProviders.map((name) => {
    const r = rows.find((p) => p.provider_name === name);
    return {
      serviceProviderName: name,
      inferenceApiKey: r?.inference_key_hash
        ? { name: r.inference_key_name ?? 'Authorization', value: r.inference_key_masked ?? '' }
        : null,
      dataTracking: r?.data_tracking ?? false,
    };
  });
}

/**
 * generateApiKey: a new key for `appName` (trimmed). Throws 403 (userID not the caller), 409
 * APP_NAME_TAKEN (the user has a key for this app name, any case), 400 beyond
 * {@link MAX_KEYS_PER_USER}. Returns the FULL key, which is never shown again.
 */
export async function generateApiKey(ctx: AppContext, user: AuthUser, body: { userID: string; appName: string }, meta: RequestMeta) {
  assertSelf(user, body.userID);
  const appName = body.appName.trim();
  if ((await repo.countApiKeys(ctx.db, user.userId)) >= MAX_KEYS_PER_USER) {
    throw badRequest('TOO_MANY_KEYS', `You can hold at most ${MAX_KEYS_PER_USER} API keys; revoke one first.`);
  }
  const { keyId, fullKey } = newApiKey();
  if (!(await repo.insertApiKey(ctx.db, { keyId, userId: user.userId, appName, secretHash: keyHash(fullKey) }))) {
    throw new ApiError(409, 'APP_NAME_TAKEN', APP_NAME_TAKEN_MESSAGE, [{ field: 'appName', message: APP_NAME_TAKEN_MESSAGE }]);
  }
  await auditOwnKey(ctx, user, 'apikey.generate', meta, { appName, keyId });
  // A new key holds no provider key yet (docs/api.md: `serviceProviderKeys: []`); the profile list shows every provider.
  return { appName, ulcaApiKey: fullKey, serviceProviderKeys: [] as ServiceProviderKey[] };
}

/** getApiKeysForProfile: the caller's keys (identifiers only), newest first, with every provider. */
export async function listApiKeys(ctx: AppContext, user: AuthUser, body: { userID: string }) {
  assertSelf(user, body.userID);
  const keys = await repo.listApiKeys(ctx.db, user.userId);
  const providers = await repo.listProviders(
    ctx.db,
    keys.map((k) => k.key_id),
  );
  return keys.map((k) => ({
    appName: k.app_name,
    ulcaApiKey: k.key_id,
    createdOn: k.created_on.toISOString(),
    serviceProviderKeys: providerEntries(
      ctx,
      providers.filter((p) => p.key_id === k.key_id),
    ),
  }));
}

/** revokeApiKey: deletes the caller's key; its next call is refused. 403 / 404 as {@link ownKey}. */
export async function revokeApiKey(
  ctx: AppContext,
  user: AuthUser,
  body: { userID: string; ulcaApiKey: string },
  meta: RequestMeta,
): Promise<void> {
  assertSelf(user, body.userID);
  const key = await ownKey(ctx, user, body.ulcaApiKey);
  if (!(await repo.deleteApiKey(ctx.db, user.userId, key.key_id))) throw notFound(KEY_NOT_FOUND_MESSAGE);
  await auditOwnKey(ctx, user, 'apikey.revoke', meta, { appName: key.app_name, keyId: key.key_id });
}

type ProviderBody = { userID: string; ulcaApiKey: string; serviceProviderName: string };

/**
 * generateServiceProviderKey: an inference key for the provider, shown in full once (stored as
 * sha-256, listed masked). 409 when the key already has one for this provider.
 */
export async function generateProviderKey(ctx: AppContext, user: AuthUser, body: ProviderBody, meta: RequestMeta) {
  assertSelf(user, body.userID);
  assertProvider(ctx, body.serviceProviderName);
  const key = await ownKey(ctx, user, body.ulcaApiKey);
  const value = randomBytes(32).toString('base64url');
  const name = 'Authorization';
  if (
    !(await repo.setProviderKey(ctx.db, key.key_id, body.serviceProviderName, { name, hash: keyHash(value), masked: maskSecret(value) }))
  ) {
    throw new ApiError(409, 'PROVIDER_KEY_EXISTS', 'This app already has a key for this service provider; revoke it first.');
  }
  await auditOwnKey(ctx, user, 'provider-key.generate', meta, {
    appName: key.app_name,
    keyId: key.key_id,
    serviceProviderName: body.serviceProviderName,
  });
  return {
    serviceProviderName: body.serviceProviderName,
    inferenceApiKey: { name, value },
    dataTracking: await repo.getDataTracking(ctx.db, key.key_id, body.serviceProviderName),
  };
}

/** removeServiceProviderKey: deletes the provider's inference key of the caller's key; 404 when there is none. */
export async function removeProviderKey(ctx: AppContext, user: AuthUser, body: ProviderBody, meta: RequestMeta): Promise<void> {
  assertSelf(user, body.userID);
  assertProvider(ctx, body.serviceProviderName);
  const key = await ownKey(ctx, user, body.ulcaApiKey);
  if (!(await repo.clearProviderKey(ctx.db, key.key_id, body.serviceProviderName)))
    throw notFound('This app has no key for this service provider.');
  await auditOwnKey(ctx, user, 'provider-key.remove', meta, {
    appName: key.app_name,
    keyId: key.key_id,
    serviceProviderName: body.serviceProviderName,
  });
}

/** dataTrackingToggle: sets whether the platform may keep this key's inference inputs and outputs for the provider. */
export async function toggleDataTracking(
  ctx: AppContext,
  user: AuthUser,
  body: ProviderBody & { dataTracking: boolean },
  meta: RequestMeta,
): Promise<void> {
  assertSelf(user, body.userID);
  assertProvider(ctx, body.serviceProviderName);
  const key = await ownKey(ctx, user, body.ulcaApiKey);
  await repo.setDataTracking(ctx.db, key.key_id, body.serviceProviderName, body.dataTracking);
  await auditOwnKey(ctx, user, 'data-tracking.toggle', meta, {
    appName: key.app_name,
    keyId: key.key_id,
    serviceProviderName: body.serviceProviderName,
    dataTracking: body.dataTracking,
  });
}

/**
 * The caller's application named `appName` (trimmed, any case) with a configured service provider
 * `provider`, for features kept per application and provider (glossary, speakers). Throws 400
 * UNKNOWN_PROVIDER, and 404 APP_NOT_FOUND for an app the caller has no key for — the same answer
 * whether or not another user has such an app, so nothing of another user is revealed.
 */
export async function ownApplication(
  ctx: AppContext,
  userId: string,
  appName: string,
  provider: string,
): Promise<{ keyId: string; appName: string }> {
  assertProvider(ctx, provider);
  const row = await repo.findOwnKeyByApp(ctx.db, userId, appName.trim());
  if (!row) throw new ApiError(404, 'APP_NOT_FOUND', APP_NOT_FOUND_MESSAGE);
  return { keyId: row.key_id, appName: row.app_name };
}

export const APP_NOT_FOUND_MESSAGE = 'You have no API key for this app name.';

/** The caller of an API-key-authenticated request (declared by security/, which checks API keys through this feature). */
export type { ApiKeyCaller } from '../../security/callers.ts';

export const API_KEY_INVALID_MESSAGE = 'The API key is invalid or has been revoked.';

/**
 * Verifies a presented full key: known identifier, sha-256 equal (constant time), user active.
 * Throws 401 API_KEY_INVALID otherwise (one message for every case). Records the use at most once
 * a minute.
 */
export async function verifyApiKey(ctx: CallerContext, presented: string | undefined): Promise<ApiKeyCaller> {
  const m = presented ? FULL_KEY.exec(presented.trim()) : null;
  const row = m ? await repo.findKeyForAuth(ctx.db, m[1]) : undefined;
  if (!m || !row || !hexEquals(row.secret_hash, keyHash(presented!.trim())) || !row.is_active) {
    throw new ApiError(401, 'API_KEY_INVALID', API_KEY_INVALID_MESSAGE);
  }
  if (!row.last_used || Date.now() - row.last_used.getTime() >= 60_000) {
    await repo.touchApiKey(ctx.db, row.key_id).catch((err: unknown) => ctx.log.warn({ err }, 'could not record API key use'));
  }
  return { userID: row.user_id, appName: row.app_name, keyId: row.key_id };
}

/**
 * Whether the platform may keep inputs and outputs of `keyId`'s inference calls to `provider`
 * (the Data Tracking switch; false by default). For the inference API.
 */
export async function dataTrackingEnabled(ctx: AppContext, keyId: string, provider: string): Promise<boolean> {
  return repo.getDataTracking(ctx.db, keyId, provider);
}

/** The owner and app name of the key `keyId` (identifier), undefined when there is none: for usage and quotas (modules/metering). */
export async function keyOwner(ctx: AppContext, keyId: string): Promise<{ userId: string; appName: string } | undefined> {
  const row = await repo.findKeyForAuth(ctx.db, keyId);
  return row ? { userId: row.user_id, appName: row.app_name } : undefined;
}
