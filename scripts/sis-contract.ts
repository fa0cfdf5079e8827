// The published contract of the HTTP SIS adapter (docs/sis-contract.md): an OpenAPI 3.1 document
// of the twenty-one reads (`GET <base>/students/<username>/<read>`) and the nudge dismissal, generated
// from the zod schemas both adapters check answers with (server/sis/endpoints.ts), with the sample
// student's answers as examples. `npx tsx scripts/sis-contract.ts` rewrites
// docs/sis-contract.openapi.json; tests/docs/sis-contract.test.ts fails when it is out of date.
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { dismissNudgeBodySchema } from '../contract/sis/nudges.schema.js';
import { freshMinutes, isTermRead, sisSchemas } from '../server/sis/endpoints.js';
import type { SisEndpoint } from '../server/sis/endpoints.js';
import { SampleSis } from '../server/sis/sample-adapter.js';

export const CONTRACT_FILE = 'docs/sis-contract.openapi.json';
const TERM = '202604';

const MEANING: Record<SisEndpoint, string> = {
  identity:
    'Who the records say the person is; read at every sign-in, never cached. 404: unknown person.',
  roles: "The person's roles (portal.md §6).",
  profile: 'The ID photo and, for employees, their office.',
  'contact-info': "The person's address, phone and email.",
  'person-info': 'The advanced profile (names, veteran and student flags, student number).',
  'emergency-info': 'Emergency alert settings and contacts.',
  'current-term': 'The term in effect and the one to display.',
  'term-info': 'The current term and its dates.',
  bookstore: "The bookstore link for the student's books.",
  gpa: 'One record per GPA type and level.',
  courses: 'The registered courses of a term (`?term=YYYY0Q`).',
  schedule: 'The class meetings of a term, on the campus clock (`?term=YYYY0Q`).',
  grades: 'The final grades of a term (`?term=YYYY0Q`).',
  advisor: 'The advisors; ADV_PRIM "Y" marks the primary one.',
  holds: 'Holds on the account.',
  standing: 'The academic standing message and the class standing.',
  'curriculum-info': 'The academic program.',
  'degree-progress':
    "The degree audit the campus's system made: its percentages, blocks and rules, and the what-if tool.",
  nudges: 'Reminders the student has not dismissed.',
  'financial-account-summary': 'The account balance.',
  'financial-aid-info': 'Financial aid by aid year.',
};

/** JSON Schema 2020-12, as OpenAPI 3.1 takes it (its `$schema` left out). */
function jsonSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return rest;
}

/** The document, its examples read from the sample student's records. */
export async function sisContractDocument() {
  const sample = new SampleSis();
  const person = { username: 'avalencia', persona: 'student' };
  const paths: Record<string, unknown> = {};
  for (const read of Object.keys(sisSchemas) as SisEndpoint[]) {
    const example = await sample.read(read, person, isTermRead(read) ? TERM : undefined);
    paths[`/students/{username}/${read}`] = {
      get: {
        operationId: `read-${read}`,
        summary: MEANING[read],
        description:
          `Cached by the portal per person for ${freshMinutes[read]} minutes (0: never cached); ` +
          'the portal waits SIS_TIMEOUT_MS (8 s) for an answer and retries once on a network error.',
        parameters: [
          { $ref: '#/components/parameters/username' },
          ...(isTermRead(read) ? [{ $ref: '#/components/parameters/term' }] : []),
        ],
        responses: {
          '200': {
            description: 'The answer, or `{"p_result":"Warning"}` when there is nothing to say.',
            content: { 'application/json': { schema: jsonSchema(sisSchemas[read]), example } },
          },
          '404': { description: 'No record of this person.' },
          default: { description: 'Any other status is an error: the block shows its error.' },
        },
      },
    };
  }
  paths['/students/{username}/nudges'] = {
    ...(paths['/students/{username}/nudges'] as object),
    post: {
      operationId: 'dismiss-nudge',
      summary: 'Records that the person dismissed a nudge.',
      parameters: [{ $ref: '#/components/parameters/username' }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchema(dismissNudgeBodySchema) } },
      },
      responses: {
        '200': { description: 'Recorded (any body, or none).' },
        '404': { description: 'No record of this person.' },
        default: { description: 'Not recorded.' },
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campus Portal SIS contract',
      license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
      version: '1',
      description:
        "What a campus service answers for the portal's HTTP SIS adapter (SIS_ADAPTER=http, docs/sis-contract.md).",
    },
    servers: [{ url: 'https://sis.campus.example.edu/portal-api' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'SIS_TOKEN' } },
      parameters: {
        username: { name: 'username', in: 'path', required: true, schema: { type: 'string' } },
        term: {
          name: 'term',
          in: 'query',
          required: true,
          schema: { type: 'string', pattern: '^\\d{4}0[1-4]$' },
        },
      },
    },
  };
}

export const contractText = async () => `${JSON.stringify(await sisContractDocument(), null, 2)}\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(CONTRACT_FILE, await contractText());
  process.stdout.write(`wrote ${CONTRACT_FILE}\n`);
}
