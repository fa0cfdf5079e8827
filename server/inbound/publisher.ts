import { z } from 'zod';
import { inboundScopeSchema, publisherNameSchema } from '../../contract/inbound.schema.js';
import type { InboundScope } from '../../contract/inbound.schema.js';
import { roleSchema } from '../../contract/roles.schema.js';
import type {
  NewPublisher,
  PublisherRow,
} from '../db/repositories/inbound-publishers.repository.js';
import type { Repositories } from '../db/repositories.js';

/** A publisher as the API and the admin use it: its stored JSON lists read. */
export interface Publisher {
  id: number;
  name: string;
  label: string;
  scopes: InboundScope[];
  roles: string[];
  groups: string[];
  maxRecipients: number;
}

const scopes = z.array(inboundScopeSchema.catch('messages:write')).catch([]);
const roles = z.array(roleSchema).catch([]);
const groups = z.array(z.string()).catch([]);

export function toPublisher(row: PublisherRow): Publisher {
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    scopes: [...new Set(scopes.parse(JSON.parse(row.scopes)))],
    roles: roles.parse(JSON.parse(row.roles)),
    groups: groups.parse(JSON.parse(row.groups)),
    maxRecipients: row.max_recipients,
  };
}

/**
 * One of the portal's own publishers (the student record's, an office calendar's), stored at its
 * first use under `spec.name`.
 */
export async function portalPublisher(
  repos: Repositories,
  now: Date,
  spec: NewPublisher,
): Promise<Publisher> {
  const found = await repos.inboundPublishers.byName(spec.name);
  if (found) return toPublisher(found);
  await repos.inboundPublishers.create(spec, now);
  const row = await repos.inboundPublishers.byName(spec.name);
  if (!row) throw new Error(`the ${spec.label} publisher was not stored`);
  return toPublisher(row);
}

/** What staff (the admin page, the command line) give to create or change a publisher. */
export const publisherInputSchema = z.object({
  name: publisherNameSchema,
  label: z.string().trim().min(1).max(100),
  scopes: z.array(inboundScopeSchema).min(1),
  roles: z.array(roleSchema).default([]),
  groups: z.array(z.string().trim().min(1).max(100)).default([]),
  maxRecipients: z.number().int().min(1).max(1_000_000).default(1000),
});
export type PublisherInput = z.infer<typeof publisherInputSchema>;
