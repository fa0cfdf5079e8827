import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../contract/error.schema.js';
import {
  categoryListSchema,
  CHOICES_MAX,
  notificationTypeListSchema,
  studentTypeListSchema,
  userPreferenceListSchema,
  userPreferencePatchSchema,
  userPreferenceSchema,
  userStudentTypesListSchema,
  userStudentTypesPatchSchema,
  userStudentTypesSchema,
} from '../../../contract/next-steps/choices.schema.js';
import { idParamsSchema } from '../../../contract/next-steps/common.schema.js';
import { isStaff } from '../../auth/rights.js';
import { prepareTasks } from '../../next-steps/tasks.js';
import { NOT_FOUND, PREFIX } from './auth.js';

const refused = (what: string) => ({ detail: `${what}: unknown id in the list` });

/** next-steps.md §7: categories, student types and affiliations, notification types and preference. */
export default async function nextStepsChoicesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };
  const profile = app.repositories.nextStepsProfile;

  r.get(
    `${PREFIX}/category/`,
    {
      config: {
        access: {
          self: 'read',
          support: 'read',
          delegate: { category: 'next-steps', may: 'read' },
        },
      },
      schema: { summary: 'Next Steps: categories', response: { 200: categoryListSchema } },
    },
    async () => profile.categories(CHOICES_MAX),
  );

  r.get(
    `${PREFIX}/student_types/`,
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: { summary: 'Next Steps: student types', response: { 200: studentTypeListSchema } },
    },
    async () => profile.studentTypes(CHOICES_MAX),
  );

  r.get(
    `${PREFIX}/notification_type/`,
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: 'Next Steps: notification types',
        response: { 200: notificationTypeListSchema },
      },
    },
    async () => profile.notificationTypes(CHOICES_MAX),
  );

  r.get(
    `${PREFIX}/user_student_types/`,
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: "Next Steps: the user's student types",
        response: { 200: userStudentTypesListSchema },
      },
    },
    async (request) => {
      const user = request.subject;
      return [await profile.userStudentTypes(user.id)];
    },
  );

  r.patch(
    `${PREFIX}/user_student_types/:id/`,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: "Next Steps: change the user's student types",
        params: idParamsSchema,
        body: userStudentTypesPatchSchema,
        response: { 200: userStudentTypesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.subject;
      if (request.params.id !== user.id) return reply.code(404).send(NOT_FOUND);
      await app.nextSteps.ensureUser(user);
      if (!(await profile.setUserStudentTypes(user.id, request.body.student_types))) {
        return reply.code(400).send(refused('student_types'));
      }
      // Other student types assign other tasks: their records are made here, not by the next GET.
      await prepareTasks(app.repositories.nextStepsTasks, user, isStaff(user));
      return profile.userStudentTypes(user.id);
    },
  );

  r.get(
    `${PREFIX}/user_preference/`,
    {
      config: { access: { self: 'read', support: 'read', delegate: null } },
      schema: {
        summary: "Next Steps: the user's preference",
        response: { 200: userPreferenceListSchema },
      },
    },
    async (request) => {
      const user = request.subject;
      const preference = await profile.preference(user.id);
      return preference ? [preference] : [];
    },
  );

  r.patch(
    `${PREFIX}/user_preference/:id/`,
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: {
        summary: "Next Steps: change the user's notifications or complete onboarding",
        params: idParamsSchema,
        body: userPreferencePatchSchema,
        response: { 200: userPreferenceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.subject;
      await app.nextSteps.ensureUser(user);
      const own = await profile.preference(user.id);
      if (!own || own.pk !== request.params.id) return reply.code(404).send(NOT_FOUND);
      const body = request.body;
      const change = {
        ...(body.notifications !== undefined ? { notifications: body.notifications } : {}),
        ...(body.updated_by_user_on !== undefined
          ? { updated_by_user_on: body.updated_by_user_on }
          : {}),
      };
      if (!(await profile.setPreference(user.id, change))) {
        return reply.code(400).send(refused('notifications'));
      }
      return (await profile.preference(user.id)) ?? reply.code(404).send(NOT_FOUND);
    },
  );
}
