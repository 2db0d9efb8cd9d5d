import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library default) and its default costs (19 MiB, 2 passes). */
export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** True when `password` matches the argon2 `passwordHash`; false (never throws) on a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
