/** Router path (under the /ulca basename) of the speaker page for one application and provider. */
export function speakerPagePath(appName: string, serviceProviderName: string): string {
  return `/speaker-recognition?${new URLSearchParams({ appName, serviceProviderName }).toString()}`;
}
