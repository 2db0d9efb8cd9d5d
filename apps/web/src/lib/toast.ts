import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { errorText } from './api-client.ts';

/**
 * Toasts for the whole app (docs/product.md#states-and-transitions: top-right, 5 s), shown by notistack, which is loaded only
 * when the first toast is asked for: most visits (the public dashboard) never show one, and
 * notistack is ~9 KB gzip of first-load JavaScript (issue 8 §2 asks ≤ 200 KB).
 *
 * Import `enqueueSnackbar` / `closeSnackbar` from here, never from 'notistack' directly: notistack's
 * own functions work only once its provider is mounted, which is what this module arranges
 * (app/providers.tsx mounts app/ToastStack.tsx on the first request). Toasts asked for before it
 * is mounted are queued and shown in order as soon as it is.
 */

/** What the mounted toast stack provides: notistack's global enqueue and close functions. */
export interface ToastApi {
  enqueue: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
}

let api: ToastApi | null = null;
let queued: ((a: ToastApi) => void)[] = [];
let mountRequested = false;
let mountHost: (() => void) | null = null;
let lastKey = 0;

function whenReady(action: (a: ToastApi) => void): void {
  if (api) {
    action(api);
    return;
  }
  queued.push(action);
  if (!mountRequested) {
    mountRequested = true;
    mountHost?.();
  }
}

/**
 * Shows a toast (notistack options: variant, persist, autoHideDuration, preventDuplicate …) and
 * returns its key for `closeSnackbar`. Before notistack has loaded, the key is made here and the
 * toast is queued.
 */
export function enqueueSnackbar(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  if (api) return api.enqueue(message, options);
  const key = options.key ?? `toast-${++lastKey}`;
  whenReady((a) => a.enqueue(message, { ...options, key }));
  return key;
}

/** Closes the toast with `key`, or every toast without one; a queued toast closes as soon as it shows. */
export function closeSnackbar(key?: SnackbarKey): void {
  whenReady((a) => a.close(key));
}

/**
 * Called once by the app's providers: `mount` renders the toast stack (a lazy chunk). Runs it at
 * once if a toast was already asked for. Returns a function that unregisters it.
 */
export function registerToastHost(mount: () => void): () => void {
  mountHost = mount;
  if (mountRequested) mount();
  return () => {
    if (mountHost === mount) mountHost = null;
  };
}

/** Called by the mounted toast stack with notistack's functions: shows the queued toasts in order. */
export function toastStackReady(ready: ToastApi | null): void {
  api = ready;
  if (!ready) return;
  const pending = queued;
  queued = [];
  for (const action of pending) action(ready);
}

/**
 * An error toast for a failed call: its text is lib/api-client's errorText (the catalogue's message
 * for the server's code in the interface language, docs/api.md#errors), `fallback` when the error
 * carries none. Returns the toast's key.
 */
export function toastError(err: unknown, fallback?: string, options: OptionsObject = {}): SnackbarKey {
  return enqueueSnackbar(errorText(err, fallback), { variant: 'error', ...options });
}
