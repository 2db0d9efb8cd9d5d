import { useSearchParams } from 'react-router';

/** Router path (under the /ulca basename) of the speaker page for one application and provider. */
export function speakerPagePath(appName: string, serviceProviderName: string): string {
  return `/speaker-recognition?${new URLSearchParams({ appName, serviceProviderName }).toString()}`;
}

/** Path of the glossary page for an app and provider (docs/product.md#glossary route /glossary). */
export function glossaryPath(appName: string, serviceProviderName: string): string {
  return `/glossary?${new URLSearchParams({ appName, serviceProviderName })}`;
}

/** The web path of an API key's usage page (Profile → key → Usage). */
export function usagePath(keyId: string): string {
  return `/usage?key=${encodeURIComponent(keyId)}`;
}

/** The application and provider a glossary or speaker page is for, from its `?appName&serviceProviderName` ('' when missing). */
export function useProviderPageScope(): { appName: string; serviceProviderName: string } {
  const [params] = useSearchParams();
  return { appName: params.get('appName') ?? '', serviceProviderName: params.get('serviceProviderName') ?? '' };
}
