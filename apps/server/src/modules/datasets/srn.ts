import crypto from 'node:crypto';

/** Service request numbers of submissions (pure: no database). */

/** True for the shape of a service request number this server issues (digits only; safe in SQL identifiers). */
export function isServiceRequestNumber(srn: string): boolean {
  return /^\d{1,32}$/.test(srn);
}

/** A new service request number: 13 digits of milliseconds plus 4 random digits (unique, sortable). */
export function newServiceRequestNumber(): string {
  return `${Date.now()}${crypto.randomInt(0, 10_000).toString().padStart(4, '0')}`;
}
