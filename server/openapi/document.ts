import type { SwaggerTransformObject } from '@fastify/swagger';

/** What each tag of `tagOf` groups, shown as its heading in the reference. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  status: 'Whether the portal and its integrations answer',
  users: 'The signed-in user and their roles',
  preferences: "The user's saved preferences",
  'student-information': "Reads of the signed-in student's own record (cached per user)",
  integrations: 'Actions on the student information system',
  cache: "The user's cached answers",
  campus: "The university's configuration",
  'demo-state': 'Demo mode',
  'client-errors': 'Errors the browser apps report',
  'psu-user-profile': "The signed-in user's profile",
  'next-steps': 'The Next Steps task checklist',
  appointments: "The signed-in student's appointments, as booking systems post them",
  Inbound:
    'Departments publish messages, alerts, Next Steps tasks and appointments with a publisher key (`Authorization: Bearer cpk_…`)',
};

type Document = Parameters<SwaggerTransformObject>[0];

/** Lists every tag the operations use at the top of the document, each with a description. */
export function withTags(document: Document): ReturnType<SwaggerTransformObject> {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const spec = document.openapiObject;
  const used = new Set<string>();
  for (const item of Object.values(spec.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (operation && typeof operation === 'object' && 'tags' in operation) {
        for (const tag of operation.tags ?? []) used.add(tag);
      }
    }
  }
  const tags = [...used].sort().map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? `The ${name.replaceAll('-', ' ')} calls`,
  }));
  return { ...spec, tags };
}
