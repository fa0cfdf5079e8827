import { z } from 'zod';
import { isEmailAddress, maskedEmail } from '../../contract/email-address.rules.js';
import type { SisNudgeCode } from '../../contract/sis/nudges.schema.js';
import type { SisAnswer, SisEndpoint } from './endpoints.js';
import { parseSisAnswer } from './endpoints.js';
import type { SisPerson, SisPort } from './port.js';

/** The address fields of a person's contact record (portal.md §3 contact_info). */
const ADDRESS_FIELDS = ['email', 'banner_email'] as const;
const addressesSchema = z.looseObject({
  email: z.string().nullable(),
  banner_email: z.string().nullable().optional(),
});

export type RefusedAddress = (field: string, masked: string, person: SisPerson) => void;

/**
 * Any SIS adapter, with the email addresses of a person's records held to the one address rule
 * (contract/email-address.rules.ts) where they enter: an address that is not exactly one addr-spec
 * (a list, a display name, CR/LF) is handed on as none (null), never as several, and told to
 * `refused` for the log (masked). The cache sits in front, so it keeps the checked answer.
 */
export class AddressCheckedSis implements SisPort {
  constructor(
    private readonly inner: SisPort,
    private readonly refused: RefusedAddress,
  ) {}

  async read<E extends SisEndpoint>(
    endpoint: E,
    person: SisPerson,
    term?: string,
  ): Promise<SisAnswer<E>> {
    const answer = await this.inner.read(endpoint, person, term);
    if (endpoint !== 'contact-info') return answer;
    const fields = addressesSchema.safeParse(answer);
    if (!fields.success) return answer;
    const cleared: Record<string, null> = {};
    for (const field of ADDRESS_FIELDS) {
      const value = fields.data[field];
      if (typeof value === 'string' && value !== '' && !isEmailAddress(value)) {
        cleared[field] = null;
        this.refused(field, maskedEmail(value), person);
      }
    }
    if (Object.keys(cleared).length === 0) return answer;
    // Checked again by the read's own schema: the answer keeps its contract shape and type.
    const checked = parseSisAnswer(endpoint, { ...fields.data, ...cleared });
    return checked.success ? checked.data : answer;
  }

  dismissNudge(person: SisPerson, code: SisNudgeCode): Promise<void> {
    return this.inner.dismissNudge(person, code);
  }
}
