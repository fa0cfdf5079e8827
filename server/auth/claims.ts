import { z } from 'zod';
import type { UserProfile } from '../db/repositories/users.repository.js';
import { sisRecordFor } from './sis-record.js';

const text = z.string().trim().max(255);

/** The claims the portal reads; anything else the provider sends is ignored. */
const claimsSchema = z.object({
  email: text.optional().catch(undefined),
  given_name: text.optional().catch(undefined),
  family_name: text.optional().catch(undefined),
  name: text.optional().catch(undefined),
});

const usernameSchema = z
  .string()
  .trim()
  .min(1)
  .max(150)
  .regex(/^[^\s/\\]+$/);

/**
 * A person as the portal knows them, from the provider's claims (who they are: username, email,
 * names) and the SIS record of that username (what they may do: roles and permissions). Answers null
 * when the claims carry no usable username.
 */
export function profileFromClaims(
  claims: Record<string, unknown>,
  usernameClaim: string,
): UserProfile | null {
  const username = usernameSchema.safeParse(claims[usernameClaim]);
  if (!username.success) return null;
  const c = claimsSchema.parse(claims);
  const [first = '', ...rest] = (c.name ?? '').split(/\s+/).filter(Boolean);
  return {
    username: username.data,
    email: c.email ?? '',
    first_name: c.given_name ?? first,
    last_name: c.family_name ?? rest.join(' '),
    ...sisRecordFor(username.data),
  };
}
