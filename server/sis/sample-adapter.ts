import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import { isTermRead, parseSisAnswer } from './endpoints.js';
import { fixtures } from './fixtures/index.js';
import { personas } from './personas.js';
import type { SisPerson, SisPort } from './port.js';
import { SisError, SisNotFoundError } from './port.js';
import { loadRecord } from './sample-record.js';
import type { SisRecord } from './sample-record.js';

/** What the SIS records a dismissal of each nudge under. */
export const collapsesTo = (type: string): string =>
  type === 'DEPOSIT_INIT' || type === 'DEPOSIT_CONFIRM' ? 'DEPOSIT' : type;

/**
 * The embedded default: answers from per-persona fixture records, each checked against the contract
 * when loaded. Nudge dismissals are kept in memory for the life of the process.
 */
export class SampleSis implements SisPort {
  private readonly records = new Map<string, SisRecord>();
  private readonly dismissed = new Map<string, Set<string>>();

  constructor(records: Record<string, unknown> = fixtures) {
    for (const [name, data] of Object.entries(records))
      this.records.set(name, loadRecord(name, data));
  }

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    const parsed = parseSisAnswer(endpoint, this.rawAnswer(endpoint, person, term));
    if (!parsed.success) throw new SisError(endpoint, 'sample answer does not match the contract');
    return parsed.data;
  }

  async dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    this.recordOf('nudges', person);
    const codes = this.dismissed.get(person.username) ?? new Set<string>();
    codes.add(code);
    this.dismissed.set(person.username, codes);
  }

  private rawAnswer(endpoint: SisEndpoint, person: SisPerson, term?: string): unknown {
    if (endpoint === 'roles' || endpoint === 'identity') {
      const persona = personas.find(
        (p) => p.id === person.persona || p.username === person.username,
      );
      if (!persona) throw new SisNotFoundError(endpoint, 'no record of this person');
      const roles = { primary_role: persona.primary_role, other_roles: persona.other_roles };
      if (endpoint === 'roles') return roles;
      // The sample records say who each person is, never what the portal lets them do.
      return {
        ...roles,
        nine_number: persona.nine_number,
        financial_dashboard_access: persona.financial_dashboard_access,
        has_provisional_account: persona.has_provisional_account,
        ...(persona.confidential ? { confidential: true } : {}),
      };
    }
    const record = this.recordOf(endpoint, person);
    if (isTermRead(endpoint)) {
      if (!term) throw new SisError(endpoint, 'a term is required');
      return record[endpoint][term] ?? [];
    }
    if (endpoint === 'nudges') {
      const nudges = record.nudges;
      const dismissed = this.dismissed.get(person.username);
      if (!dismissed || !Array.isArray(nudges)) return nudges;
      return nudges.filter((n) => !dismissed.has(collapsesTo(n.nudge_type)));
    }
    return record[endpoint];
  }

  private recordOf(endpoint: string, person: SisPerson): SisRecord {
    const byPersona = person.persona ? this.records.get(person.persona) : undefined;
    const persona = personas.find((p) => p.username === person.username);
    const record = byPersona ?? (persona && this.records.get(persona.id));
    if (!record) throw new SisNotFoundError(endpoint, 'no record of this person');
    return record;
  }
}
