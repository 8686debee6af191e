import { createHash, randomBytes } from 'node:crypto';

/** A random token for links in mails: 32 bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak reveals no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
