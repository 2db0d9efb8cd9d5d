import { useSyncExternalStore } from 'react';
import { SIGNED_IN_COOKIE, type Role } from '@ulca/contracts';
import { writeHintCookie } from './hint-cookie.ts';

/** data.userDetails of the login response (docs/product.md#entities-and-fields). */
export interface UserDetails {
  userID: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  roles: Role[];
  isActive?: boolean;
  org?: string | null;
}
/** data.userKeys of the login response. */
export interface UserKeys {
  publicKey: string;
  privateKey: string;
}
export interface Session {
  userDetails: UserDetails;
  userKeys: UserKeys;
}

const KEY = 'ulca.session';
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function read(): Session | null {
  if (cached !== undefined) return cached;
  try {
    const raw = localStorage.getItem(KEY);
    const s = raw ? (JSON.parse(raw) as Session) : null;
    cached = s && s.userKeys?.privateKey ? s : null;
  } catch {
    cached = null;
  }
  return cached;
}

/** The stored session, or null. Signed in = stored user info with a private key (docs/product.md#sign-in-and-accounts). */
export function getSession(): Session | null {
  return read();
}

/** Stores the session after login (local storage, docs/product.md#entities-and-fields). */
export function setSession(s: Session): void {
  localStorage.setItem(KEY, JSON.stringify(s));
  cached = s;
  // The server then sends the plain app, not a page with a signed-out header (docs/architecture.md#prerendered-pages).
  writeHintCookie(SIGNED_IN_COOKIE, '1');
  listeners.forEach((l) => l());
}

/** Logout: clears every stored state of the app (docs/product.md#sign-in-and-accounts "all stored state is reset"). */
export function clearSession(): void {
  localStorage.clear();
  sessionStorage.clear();
  cached = null;
  writeHintCookie(SIGNED_IN_COOKIE, null);
  listeners.forEach((l) => l());
}

// Guarded so that modules importing the session can be unit-tested under Node (no window).
if (typeof window !== 'undefined') {
  // A session stored before the cookie existed, or one cleared by hand, still tells the server right.
  writeHintCookie(SIGNED_IN_COOKIE, read() !== null ? '1' : null);
  window.addEventListener('storage', (e) => {
    if (e.key === KEY || e.key === null) {
      cached = undefined;
      listeners.forEach((l) => l());
    }
  });
}

/** React hook: the current session, re-rendering on login/logout (also in other tabs). */
export function useSession(): Session | null {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => null,
  );
}

/** The first role decides tab visibility (docs/product.md#roles). */
export function primaryRole(s: Session | null): Role | null {
  return s?.userDetails.roles[0] ?? null;
}
