import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';

type ToastModule = typeof import('./toast.ts');

/** A stand-in for notistack's mounted stack: records what it was asked to show and close. */
function fakeStack() {
  const log: string[] = [];
  let n = 0;
  return {
    log,
    api: {
      enqueue: (message: SnackbarMessage, options?: OptionsObject): SnackbarKey => {
        log.push(`show ${String(message)} key=${String(options?.key ?? `stack-${++n}`)} variant=${options?.variant ?? '-'}`);
        return options?.key ?? `stack-${n}`;
      },
      close: (key?: SnackbarKey) => log.push(`close ${key === undefined ? 'all' : String(key)}`),
    },
  };
}

describe('lib/toast: notistack loaded on the first toast', () => {
  let toast: ToastModule;
  beforeEach(async () => {
    vi.resetModules(); // fresh module state for each case
    toast = await import('./toast.ts');
  });

  it('asks the host to mount on the first toast only, then shows the queued toasts in order with their keys', () => {
    const mount = vi.fn();
    toast.registerToastHost(mount);
    expect(mount).not.toHaveBeenCalled();
    const first = toast.enqueueSnackbar('Please wait', { variant: 'info', persist: true });
    toast.enqueueSnackbar('Saved', { variant: 'success' });
    expect(mount).toHaveBeenCalledTimes(1);
    const stack = fakeStack();
    toast.toastStackReady(stack.api);
    expect(stack.log).toEqual([`show Please wait key=${String(first)} variant=info`, 'show Saved key=toast-2 variant=success']);
    // Once mounted, calls go straight through and no second mount is asked for.
    expect(toast.enqueueSnackbar('Done', { key: 'k1' })).toBe('k1');
    toast.closeSnackbar(first);
    expect(stack.log.slice(2)).toEqual(['show Done key=k1 variant=-', `close ${String(first)}`]);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('a toast closed before notistack arrives is shown and closed in that order (the "Please wait" toast does not stay)', () => {
    toast.registerToastHost(() => {});
    const waiting = toast.enqueueSnackbar('Please wait while we process your request...', { variant: 'info', persist: true });
    toast.closeSnackbar(waiting);
    const stack = fakeStack();
    toast.toastStackReady(stack.api);
    expect(stack.log).toEqual([
      `show Please wait while we process your request... key=${String(waiting)} variant=info`,
      `close ${String(waiting)}`,
    ]);
  });

  it('a toast asked for before the host registers mounts it on registration', () => {
    toast.enqueueSnackbar('Logout successful', { variant: 'success' });
    const mount = vi.fn();
    toast.registerToastHost(mount);
    expect(mount).toHaveBeenCalledTimes(1);
  });

  it('without any toast nothing is mounted (a visit that shows none never loads notistack)', () => {
    const mount = vi.fn();
    const off = toast.registerToastHost(mount);
    off();
    expect(mount).not.toHaveBeenCalled();
  });
});
