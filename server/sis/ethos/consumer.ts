import { z } from 'zod';
import type {
  EthosConsumeRepository,
  PendingSubject,
} from '../../db/repositories/ethos-consume.repository.js';
import type { EthosClient } from './client.js';

/**
 * One change notification (`application/vnd.hedtech.change-notifications.v2+json`), the fields used.
 * Ellucian's Ethos Integration SDK models it (`ChangeNotification`: id, published, resource {name,
 * id, version}, operation, contentType, content, publisher): a `deleted` one has `contentType`
 * `empty` and no content, so what it names is found from what the portal read before.
 */
const notificationSchema = z.object({
  id: z.union([z.string().max(40), z.number().int()]).transform(String),
  resource: z.object({ name: z.string().max(80), id: z.string().max(64) }),
  operation: z.string().max(20).optional(),
  content: z.unknown().optional(),
});
const notificationsSchema = z.array(notificationSchema).max(1000);
type Notification = z.infer<typeof notificationSchema>;

const ref = z.object({ id: z.string().max(64) });
const field = (name: string) =>
  z.object({ [name]: ref }).transform((c) => (c[name] as { id: string }).id);

/** Where each resource a student's record is made of names its person, in its published shape. */
const personOf: Record<string, z.ZodType<string>> = {
  'person-holds': field('person'),
  'section-registrations': field('registrant'),
  'student-transcript-grades': field('student'),
  'student-grade-point-averages': field('student'),
  'student-academic-programs': field('student'),
  'student-academic-standings': field('student'),
  'student-advisor-relationships': field('student'),
  'student-charges': field('student'),
  'student-payments': field('student'),
};

/** The catalogue resources a class's time, room or status is read from: they name a section. */
const sectionOf: Record<string, z.ZodType<string> | 'self'> = {
  sections: 'self',
  'instructional-events': field('section'),
};

/** Who a resource of the record belongs to, as this process read it (the adapter's `ownerOf`). */
export type OwnerOf = (resource: string, id: string) => PendingSubject | undefined;

/**
 * What a change names: the person whose record it changes, or the section whose students' records
 * it changes; undefined for a change of nothing the portal reads, or a deletion of something this
 * process never read (the student's next visit compares it).
 */
export function subjectNamed(change: Notification, ownerOf: OwnerOf): PendingSubject | undefined {
  const { name, id } = change.resource;
  if (name === 'persons') return { kind: 'person', subject: id };
  const section = sectionOf[name];
  if (section === 'self') return { kind: 'section', subject: id };
  const schema = personOf[name] ?? section;
  if (!schema) return undefined;
  const found = schema.safeParse(change.content);
  if (found.success) return { kind: personOf[name] ? 'person' : 'section', subject: found.data };
  return ownerOf(name, id);
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
  ownerOf: OwnerOf;
  /** A change named nothing the portal can find (a deletion never read): logged by the caller. */
  onUnnamed?: (resource: string, id: string) => void;
}

/**
 * Polls `GET /consume` under the lease (one process at a time). A GET moves Ethos's queue on, so the
 * last id read and what its changes name are written in one transaction before anything else: a
 * process that stops after it leaves the named people and sections in the store, handled by the
 * next poll of whichever process holds the lease (`ethos-consume.ts`), and a change at or before
 * that id (Ethos answering one again) is never read twice.
 */
export class EthosConsumer {
  constructor(private readonly o: ConsumerOptions) {}

  /** One poll; how many changes it read, or undefined when another process holds the lease. */
  async poll(): Promise<number | undefined> {
    const lease = await this.o.repository.claim(this.o.holder, this.o.clock(), this.o.leaseMs);
    if (!lease) return undefined;
    const parsed = notificationsSchema.safeParse(
      await this.o.client.consume(lease.lastId, this.o.limit),
    );
    if (!parsed.success)
      throw new Error('change notifications: the answer is not a list of changes');
    const fresh = parsed.data.filter((c) => after(c.id, lease.lastId));
    const last = fresh.at(-1);
    if (!last) return 0;
    const named = new Map<string, PendingSubject>();
    for (const change of fresh) {
      const subject = subjectNamed(change, this.o.ownerOf);
      if (subject) named.set(`${subject.kind}:${subject.subject}`, subject);
      else if (change.operation === 'deleted' || personOf[change.resource.name])
        this.o.onUnnamed?.(change.resource.name, change.resource.id);
    }
    const advanced = await this.o.repository.advance(this.o.holder, last.id, this.o.clock(), [
      ...named.values(),
    ]);
    return advanced ? fresh.length : undefined;
  }

  release(): Promise<void> {
    return this.o.repository.release(this.o.holder);
  }
}
