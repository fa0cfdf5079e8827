import type { Right } from '../../contract/grants.schema.js';
import type { AuthGroupsConfig } from '../config.js';

export interface Rights {
  is_staff: boolean;
  is_superuser: boolean;
  can_use_demo: boolean;
}

/**
 * What someone may do in the portal: a right comes from one of the provider's groups configured for it
 * or from a grant in the database, never from a username or the SIS. A superuser is staff too.
 * Nobody gets anything by default.
 */
export function rightsOf(
  groups: readonly string[],
  grants: ReadonlySet<Right>,
  cfg: AuthGroupsConfig,
): Rights {
  const inGroup = (names: readonly string[]) => names.some((name) => groups.includes(name));
  const is_superuser = grants.has('superuser') || inGroup(cfg.superuser);
  return {
    is_superuser,
    is_staff: is_superuser || grants.has('staff') || inGroup(cfg.staff),
    can_use_demo: grants.has('demo') || inGroup(cfg.demo),
  };
}
