import { z } from 'zod';

/** Request and response schemas of the API key routes (spec 02 §7; contracts "Accounts"). */

export const userID = z.string({ error: 'userID is required' }).trim().min(1, 'userID is required').max(64, 'userID is not valid');
export const ulcaApiKey = z.string({ error: 'ulcaApiKey is required' }).trim().min(1, 'ulcaApiKey is required').max(200, 'ulcaApiKey is not valid');
export const serviceProviderName = z.string({ error: 'serviceProviderName is required' }).trim().min(1, 'serviceProviderName is required').max(100);

export const generateBody = z.object({
  userID,
  appName: z.string({ error: 'App name is required' }).trim().min(1, 'App name is required').max(100, 'App name is too long (at most 100 characters).'),
});
export const profileBody = z.object({ userID });
export const keyBody = z.object({ userID, ulcaApiKey });
export const providerBody = z.object({ userID, ulcaApiKey, serviceProviderName });
export const trackingBody = providerBody.extend({ dataTracking: z.boolean({ error: 'dataTracking must be true or false' }) });

export const providerEntry = z.object({
  serviceProviderName: z.string(),
  inferenceApiKey: z.object({ name: z.string(), value: z.string() }).nullable(),
  dataTracking: z.boolean(),
});
