import type { InboundItem, InboundWarning } from '../../contract/inbound.schema.js';
import type { Repositories } from '../db/repositories.js';
import type { Publisher } from './publisher.js';

/** A refusal the API answers with its status and `{detail}`. */
export class InboundRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface Reached {
  userIds: number[];
  warnings: InboundWarning[];
}

const list = (names: readonly string[]) => names.join(', ');

/**
 * The people a role reaches: those the records give it. An account the records do not know (no
 * university ID: a staff member without an SIS record, a superuser) signed in with the default
 * student role, and is neither counted nor reached as a student (issue 72).
 */
async function holdersOf(
  repos: Repositories,
  roles: readonly string[],
  among?: readonly number[],
): Promise<number[]> {
  const rows = await repos.inboundItems.usersByRoles(roles, among);
  return rows.filter((row) => row.nineNumber.trim() !== '').map((row) => row.id);
}

/** Named people, this many to a statement when checked against the publisher's roles and groups. */
const NAMED_AT_ONCE = 500;

/**
 * Of the named people's ids, those the publisher may reach (holding one of its roles or in one of
 * its groups): only they are read, never every holder of the publisher's roles (a task for one
 * student read every student, issue 74).
 */
async function reachable(
  repos: Repositories,
  publisher: Publisher,
  ids: readonly number[],
): Promise<Set<number>> {
  const allowed = new Set<number>();
  for (let i = 0; i < ids.length; i += NAMED_AT_ONCE) {
    const chunk = ids.slice(i, i + NAMED_AT_ONCE);
    for (const id of await holdersOf(repos, publisher.roles, chunk)) allowed.add(id);
    for (const id of await repos.inboundItems.usersByGroups(publisher.groups, chunk))
      allowed.add(id);
  }
  return allowed;
}

/**
 * The people an item's audience names, within what its publisher may reach: a role or group it may
 * not name, or a named person outside its roles and groups, refuses the call (403, naming them);
 * more people than its maximum 400; usernames nobody has are warnings, not failures. A role reaches
 * only the people the records give it (`holdersOf`).
 */
export async function reach(
  repos: Repositories,
  publisher: Publisher,
  audience: InboundItem['audience'],
): Promise<Reached> {
  const roles = audience.roles.filter((r) => !publisher.roles.includes(r));
  const groups = audience.groups.filter((g) => !publisher.groups.includes(g));
  if (roles.length > 0 || groups.length > 0) {
    const parts = [
      ...(roles.length > 0 ? [`roles ${list(roles)}`] : []),
      ...(groups.length > 0 ? [`groups ${list(groups)}`] : []),
    ];
    throw new InboundRefusal(403, `This publisher may not reach ${parts.join(' and ')}.`);
  }
  const items = repos.inboundItems;
  const named = await items.usersByName([...new Set(audience.users)]);
  const unknown = [...new Set(audience.users)].filter((u) => !named.has(u));
  if (named.size > 0) {
    const allowed = await reachable(repos, publisher, [...new Set(named.values())]);
    const outside = [...named].filter(([, id]) => !allowed.has(id)).map(([name]) => name);
    if (outside.length > 0)
      throw new InboundRefusal(
        403,
        `This publisher may not reach users ${list(outside.slice(0, 20))}: they hold none of its roles or groups.`,
      );
  }
  const ids = new Set([
    ...named.values(),
    ...(await holdersOf(repos, audience.roles)),
    ...(await items.usersByGroups(audience.groups)),
  ]);
  if (ids.size > publisher.maxRecipients)
    throw new InboundRefusal(
      400,
      `This item reaches ${ids.size} people: the publisher's maximum is ${publisher.maxRecipients}.`,
    );
  return {
    userIds: [...ids].sort((a, b) => a - b),
    warnings: unknown.length > 0 ? [{ code: 'unknown_user', usernames: unknown }] : [],
  };
}
