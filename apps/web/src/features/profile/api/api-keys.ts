import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiKeyListResponse,
  generateApiKeyResponse,
  KEYS_API,
  messageResponse,
  providerKeyResponse,
  type ApiKeyRecord,
  type GenerateApiKeyResponse,
  type ProviderKeyBody,
  type ProviderKeyResponse,
  type ServiceProviderKey,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** TanStack Query keys of the profile feature. */
export const profileKeys = {
  apiKeys: (userID: string) => ['profile', 'api-keys', userID] as const,
};

/** One provider row of an API key (docs/product.md#entities-and-fields "API key record"): its inference key (masked) and data tracking. */
export type { ServiceProviderKey };
/** One API key of POST getApiKeysForProfile; `ulcaApiKey` is the key's identifier, never the secret. */
export type ApiKey = ApiKeyRecord;

/** The signed-in user's API keys (POST getApiKeysForProfile, signed, body {userID}). */
export async function fetchApiKeys(userID: string, signal?: AbortSignal): Promise<ApiKey[]> {
  const res = await apiRequest('POST', KEYS_API.list, { body: { userID }, schema: apiKeyListResponse, signal });
  return res.data;
}

/** Query hook: the user's API keys; disabled without a user id. */
export function useApiKeys(userID: string | undefined) {
  return useQuery({
    queryKey: profileKeys.apiKeys(userID ?? ''),
    queryFn: ({ signal }) => fetchApiKeys(userID!, signal),
    enabled: !!userID,
  });
}

/** Response of POST generateApiKey: the FULL key, shown once and never again. */
export type GeneratedKey = GenerateApiKeyResponse;

/**
 * Creates an API key for an application (POST generateApiKey, signed, {userID, appName}). Resolves
 * with the server's answer, whose data.ulcaApiKey is the full key (the only time it is sent).
 * Throws ApiRequestError: 409 when the user already has a key for this app name.
 */
export function generateApiKey(v: { userID: string; appName: string }): Promise<GeneratedKey> {
  return apiRequest('POST', KEYS_API.generate, { body: v, schema: generateApiKeyResponse });
}

/** Revokes an API key (POST revokeApiKey, signed, {userID, ulcaApiKey}); it stops working at once. Resolves with the server's message. */
export async function revokeApiKey(v: { userID: string; ulcaApiKey: string }): Promise<string | undefined> {
  return (await apiRequest('POST', KEYS_API.revoke, { body: v, schema: messageResponse })).message;
}

/** Body of the provider-key calls. */
export type ProviderKeyInput = ProviderKeyBody;

/** Response of POST generateServiceProviderKey: the provider entry with the FULL inference key value, shown once. */
export type GeneratedProviderKey = ProviderKeyResponse;

/**
 * Creates the inference key of one provider for an API key (POST generateServiceProviderKey,
 * signed). Resolves with the answer, whose data.inferenceApiKey.value is the full key (sent only
 * this once; listed masked afterwards). 409 when the provider already has a key.
 */
export function generateServiceProviderKey(v: ProviderKeyInput): Promise<GeneratedProviderKey> {
  return apiRequest('POST', KEYS_API.generateProviderKey, { body: v, schema: providerKeyResponse });
}

/** Removes the inference key of one provider (POST removeServiceProviderKey, signed). */
export async function removeServiceProviderKey(v: ProviderKeyInput): Promise<string | undefined> {
  return (await apiRequest('POST', KEYS_API.removeProviderKey, { body: v, schema: messageResponse })).message;
}

/** Turns data tracking of one provider on or off (POST dataTrackingToggle, signed); off = no inputs or outputs kept. */
export async function toggleDataTracking(v: ProviderKeyInput & { dataTracking: boolean }): Promise<string | undefined> {
  return (await apiRequest('POST', KEYS_API.dataTracking, { body: v, schema: messageResponse })).message;
}

/** A mutation of the key calls that reloads the user's key list when it settles (success or not: the list shows what is true). */
function useKeyMutation<V extends { userID: string }, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: profileKeys.apiKeys(v.userID) }),
  });
}

/** Mutation: `generateApiKey`, then the key list reloads. */
export const useGenerateApiKey = () => useKeyMutation(generateApiKey);
/** Mutation: `revokeApiKey`, then the key list reloads. */
export const useRevokeApiKey = () => useKeyMutation(revokeApiKey);
/** Mutation: `generateServiceProviderKey`, then the key list reloads. */
export const useGenerateServiceProviderKey = () => useKeyMutation(generateServiceProviderKey);
/** Mutation: `removeServiceProviderKey`, then the key list reloads. */
export const useRemoveServiceProviderKey = () => useKeyMutation(removeServiceProviderKey);
/** Mutation: `toggleDataTracking`, then the key list reloads. */
export const useToggleDataTracking = () => useKeyMutation(toggleDataTracking);
