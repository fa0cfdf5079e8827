import type { PendingSubject } from '../../db/repositories/ethos-consume.repository.js';

/** Owners remembered; the oldest go first (a hold read a term ago is long handled). */
const MAX_OWNERS = 50_000;

/**
 * Who each record resource this process read belongs to: a hold or a registration to its person, a
 * meeting (instructional event) to its section. Ethos's `deleted` notification carries no content
 * (contentType `empty`), so a removed hold names its person only through what was read before it
 * went. Kept in this process: a deletion of something no process read here is left to the student's
 * next visit, which compares their holds afresh.
 */
export class Owners {
  private readonly owners = new Map<string, PendingSubject>();

  note(resource: string, id: string, owner: PendingSubject): void {
    const key = `${resource}/${id}`;
    this.owners.delete(key);
    this.owners.set(key, owner);
    if (this.owners.size > MAX_OWNERS) {
      const oldest = this.owners.keys().next().value;
      if (oldest !== undefined) this.owners.delete(oldest);
    }
  }

  of(resource: string, id: string): PendingSubject | undefined {
    return this.owners.get(`${resource}/${id}`);
  }
}
