/**
 * The API key calls (docs/product.md#entities-and-fields "API key record", docs/api.md#route-groups; see docs/api.md#api-keys): paths, bodies
 * with their validation messages, and answers, shared by the server's keys feature and the web
 * profile page. A key's secret appears in an answer once, when it is generated.
 */
import { z } from 'zod';
import { USERS_PATH } from './accounts.ts';

/** Paths of the key calls (POST, signed; `whoami` is GET, authenticated by the ulcaApiKey header). */
export const KEYS_API = {
  generate: `${USERS_PATH}/generateApiKey`,
  list: `${USERS_PATH}/getApiKeysForProfile`,
  revoke: `${USERS_PATH}/revokeApiKey`,
  generateProviderKey: `${USERS_PATH}/generateServiceProviderKey`,
  removeProviderKey: `${USERS_PATH}/removeServiceProviderKey`,
  dataTracking: `${USERS_PATH}/dataTrackingToggle`,
  whoami: '/ulca/apis/v0/api-key/whoami',
} as const;

const userID = z.string({ error: 'userID is required' }).trim().min(1, 'userID is required').max(64, 'userID is not valid');
const ulcaApiKey = z
  .string({ error: 'ulcaApiKey is required' })
  .trim()
  .min(1, 'ulcaApiKey is required')
  .max(200, 'ulcaApiKey is not valid');
const serviceProviderName = z
  .string({ error: 'serviceProviderName is required' })
  .trim()
  .min(1, 'serviceProviderName is required')
  .max(100);

/** Body of generateApiKey: the user and a name for the application (unique per user). */
export const generateApiKeyBody = z.object({
  userID,
  appName: z
    .string({ error: 'App name is required' })
    .trim()
    .min(1, 'App name is required')
    .max(100, 'App name is too long (at most 100 characters).'),
});
/** Body of getApiKeysForProfile. */
export const apiKeysForProfileBody = z.object({ userID });
/** Body of revokeApiKey. */
export const revokeApiKeyBody = z.object({ userID, ulcaApiKey });
/** Body of generateServiceProviderKey and removeServiceProviderKey. */
export const providerKeyBody = z.object({ userID, ulcaApiKey, serviceProviderName });
export type ProviderKeyBody = z.input<typeof providerKeyBody>;
/** Body of dataTrackingToggle: off = no inputs or outputs kept for that provider. */
export const dataTrackingBody = providerKeyBody.extend({ dataTracking: z.boolean({ error: 'dataTracking must be true or false' }) });

/** One provider of an API key: its inference key (masked in lists; null when none) and data tracking. */
export const serviceProviderKey = z.object({
  serviceProviderName: z.string(),
  inferenceApiKey: z.object({ name: z.string(), value: z.string() }).nullable(),
  dataTracking: z.boolean(),
});
export type ServiceProviderKey = z.infer<typeof serviceProviderKey>;

/** Response of generateApiKey: the FULL key, sent this once. */
export const generateApiKeyResponse = z.object({
  message: z.string(),
  data: z.object({
    appName: z.string(),
    ulcaApiKey: z.string().describe('Full key, shown once'),
    serviceProviderKeys: z.array(serviceProviderKey),
  }),
});
export type GenerateApiKeyResponse = z.infer<typeof generateApiKeyResponse>;

/** One API key of getApiKeysForProfile; `ulcaApiKey` is the key's identifier, never the secret. */
export const apiKeyRecord = z.object({
  appName: z.string(),
  ulcaApiKey: z.string().describe('Identifier only'),
  createdOn: z.string(),
  serviceProviderKeys: z.array(serviceProviderKey),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;
/** Response of getApiKeysForProfile. */
export const apiKeyListResponse = z.object({ message: z.string(), data: z.array(apiKeyRecord) });

/** Response of generateServiceProviderKey: the provider with the FULL inference key value, sent this once. */
export const providerKeyResponse = z.object({
  message: z.string(),
  data: serviceProviderKey.extend({ inferenceApiKey: z.object({ name: z.string(), value: z.string().describe('Full key, shown once') }) }),
});
export type ProviderKeyResponse = z.infer<typeof providerKeyResponse>;

/** Header of whoami: the full API key. */
export const whoamiHeaders = z.object({ ulcaapikey: z.string().optional().describe('The full API key (header ulcaApiKey)') });
/** Response of whoami: the user and application of the key. */
export const whoamiResponse = z.object({ data: z.object({ userID: z.string(), appName: z.string() }) });
