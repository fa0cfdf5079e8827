import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { contactInfoSchema } from '../../../contract/sis/contact-info.schema.js';
import { createTestApp, signIn } from '../helpers/app.js';
import { signInClaims } from '../../../server/auth/claims.js';
import { AddressCheckedSis } from '../../../server/sis/address-check.js';
import type { SisPort } from '../../../server/sis/port.js';
import { SampleSis } from '../../../server/sis/sample-adapter.js';

const PERSON = { username: 'avalencia', persona: 'student' };

/** The sample SIS with the contact record's addresses replaced by the test's. */
function sisWith(email: string | null, bannerEmail: string | null): SisPort {
  const sample = new SampleSis();
  return {
    async read(endpoint, person, term) {
      const answer = await sample.read(endpoint, person, term);
      if (endpoint !== 'contact-info') return answer;
      return { ...answer, email, banner_email: bannerEmail };
    },
    dismissNudge: (person, code) => sample.dismissNudge(person, code),
  };
}

/** The contact record read through `sis` (not the SIS's warning answer). */
async function contactOf(sis: SisPort) {
  const info = await sis.read('contact-info', PERSON);
  if (!('email' in info)) throw new Error('the SIS answered a warning');
  return info;
}

const BAD = [
  'ana@campus.example.edu, eve@evil.example',
  'ana@campus.example.edu\r\nBcc: eve@evil.example',
  'Ana <ana@campus.example.edu> <eve@evil.example>',
];

describe('addresses are checked where they enter (issue 40, item 5)', () => {
  it.each(BAD)(
    'the SIS’s contact record with %j hands on no address, and says so masked',
    async (bad) => {
      const logged: string[] = [];
      const sis = new AddressCheckedSis(sisWith(bad, 'ana@banner.example.edu'), (field, masked) =>
        logged.push(`${field} ${masked}`),
      );
      const info = await contactOf(sis);
      expect(info.email).toBeNull();
      expect(info.banner_email).toBe('ana@banner.example.edu');
      expect(info.initialized).toBeDefined();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^email \[\d+ characters\]@/);
      expect(logged[0]).not.toContain('ana@');
    },
  );

  it('a contact record with one address each is handed on unchanged', async () => {
    const sis = new AddressCheckedSis(sisWith('ana@campus.example.edu', null), () => {
      throw new Error('nothing to refuse');
    });
    const info = await contactOf(sis);
    expect(info.email).toBe('ana@campus.example.edu');
  });

  it.each(BAD)(
    'the identity provider’s email claim %j is kept as no address, and reported',
    (bad) => {
      const refused: string[] = [];
      const claims = signInClaims(
        { preferred_username: 'avalencia', email: bad },
        'preferred_username',
        'groups',
        (value) => refused.push(value),
      );
      expect(claims?.email).toBe('');
      expect(refused).toHaveLength(1);
    },
  );

  it('one address in the claim is kept', () => {
    const claims = signInClaims(
      { preferred_username: 'avalencia', email: 'ana@campus.example.edu' },
      'preferred_username',
      'groups',
    );
    expect(claims?.email).toBe('ana@campus.example.edu');
  });
});

describe('the SIS plugin checks every adapter’s contact record', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('GET /api/integrations/finti/contact-info hands on no address for a list from the SIS', async () => {
    app = await createTestApp({ sis: sisWith(BAD[0] ?? '', 'ana@banner.example.edu') });
    const { token } = await signIn(app, 'student');
    const answer = await app.inject({
      url: '/api/integrations/finti/contact-info',
      headers: { authorization: `Token ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    const info = contactInfoSchema.parse(answer.json());
    expect(info.email).toBeNull();
    expect(info.banner_email).toBe('ana@banner.example.edu');
  });
});
