import { z } from 'zod';
import type { EthosConsumeRepository } from '../../db/repositories/ethos-consume.repository.js';
import type { EthosClient } from './client.js';

/** One change notification (`application/vnd.hedtech.change-notifications.v2+json`), the fields used. */
const notificationSchema = z.object({
  id: z.union([z.string().max(40), z.number().int()]).transform(String),
  resource: z.object({ name: z.string().max(80), id: z.string().max(64) }),
  content: z.unknown().optional(),
});
const notificationsSchema = z.array(notificationSchema).max(1000);

const ref = z.object({ id: z.string().max(64) });
/** Where each resource the portal caches names its person. */
const personOf: Record<string, z.ZodType<{ id: string }>> = {
  'person-holds': z.object({ person: ref }).transform((c) => c.person),
  'section-registrations': z.object({ registrant: ref }).transform((c) => c.registrant),
  'student-transcript-grades': z.object({ student: ref }).transform((c) => c.student),
  'student-grade-point-averages': z.object({ student: ref }).transform((c) => c.student),
  'student-academic-programs': z.object({ student: ref }).transform((c) => c.student),
  'student-academic-standings': z.object({ student: ref }).transform((c) => c.student),
  'student-advisor-relationships': z.object({ student: ref }).transform((c) => c.student),
};

/** The person GUID a change is about, or undefined (a change the portal does not cache). */
export function personNamed(change: z.infer<typeof notificationSchema>): string | undefined {
  if (change.resource.name === 'persons') return change.resource.id;
  const schema = personOf[change.resource.name];
  const found = schema?.safeParse(change.content);
  return found?.success ? found.data.id : undefined;
}

/** Ethos ids are numbers carried as text: compared as numbers, then as text. */
const after = (id: string, last: string | null) =>
  last === null ||
  (/^\d+$/.test(id) && /^\d+$/.test(last) ? BigInt(id) > BigInt(last) : id.localeCompare(last) > 0);

export interface ConsumerOptions {
  client: EthosClient;
  repository: EthosConsumeRepository;
  /** This process's name for the lease. */
  holder: string;
  leaseMs: number;
  /** How many changes one poll asks for. */
  limit: number;
  clock: () => Date;
  /** Drops the cached reads of the person with this GUID. */
  forget: (personId: string) => Promise<void>;
}

/**
 * Polls `GET /consume` under the lease (one process at a time) and drops the cached reads of each
 * person a change names. A GET moves Ethos's queue on, so the last id handled is kept in the store,
 * written before the changes are applied: a process that dies after it applies none of them again,
 * and a change at or before that id (Ethos answering one again) is never applied twice.
 */
export class EthosConsumer {
  constructor(private readonly o: ConsumerOptions) {}

  /** One poll; how many changes it applied (0 without the lease). */
  async poll(): Promise<number> {
    const lease = await this.o.repository.claim(this.o.holder, this.o.clock(), this.o.leaseMs);
    if (!lease) return 0;
    const parsed = notificationsSchema.safeParse(
      await this.o.client.consume(lease.lastId, this.o.limit),
    );
    if (!parsed.success)
      throw new Error('change notifications: the answer is not a list of changes');
    const fresh = parsed.data.filter((c) => after(c.id, lease.lastId));
    const last = fresh.at(-1);
    if (!last) return 0;
    if (!(await this.o.repository.advance(this.o.holder, last.id, this.o.clock()))) return 0;
    const people = new Set(fresh.map(personNamed).filter((p): p is string => p !== undefined));
    for (const person of people) await this.o.forget(person);
    return fresh.length;
  }

  release(): Promise<void> {
    return this.o.repository.release(this.o.holder);
  }
}
