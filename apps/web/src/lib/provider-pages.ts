/** Router path (under the /ulca basename) of the speaker page for one application and provider. */
export function speakerPagePath(appName: string, serviceProviderName: string): string {
  return `/speaker-recognition?${new URLSearchParams({ appName, serviceProviderName }).toString()}`;
}

/** Path of the glossary page for an app and provider (spec 02 §2 route /glossary). */
export function glossaryPath(appName: string, serviceProviderName: string): string {
  return `/glossary?${new URLSearchParams({ appName, serviceProviderName })}`;
}
