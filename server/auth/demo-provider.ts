import type { AuthGroupsConfig } from '../config.js';
import type { Persona } from '../sis/personas.js';
import type { SignInClaims } from './claims.js';

/**
 * The demo sign-in page is the development identity provider: choosing a persona is signing in at a
 * provider that knows that person. Like a real provider it names the person and lists their groups —
 * the first configured staff, superuser and demo group of what its directory says of them. The portal
 * then treats these claims exactly like the university provider's.
 */
export function demoClaims(persona: Persona, groups: AuthGroupsConfig): SignInClaims {
  const member = [
    persona.is_staff ? groups.staff[0] : undefined,
    persona.is_superuser ? groups.superuser[0] : undefined,
    persona.can_use_demo ? groups.demo[0] : undefined,
  ];
  return {
    username: persona.username,
    email: persona.email,
    first_name: persona.first_name,
    last_name: persona.last_name,
    groups: member.filter((g) => g !== undefined),
  };
}
