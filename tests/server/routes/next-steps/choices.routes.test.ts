import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  categoryListSchema,
  notificationTypeListSchema,
  studentTypeListSchema,
  userPreferenceListSchema,
  userPreferenceSchema,
  userStudentTypesListSchema,
  userStudentTypesSchema,
} from '../../../../contract/next-steps/choices.schema.js';
import { NOW, api, as, nextStepsApp } from './helpers.js';

describe('Next Steps choices and preferences', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it('lists categories including the special slug "fun"', async () => {
    const response = await (await as(app, 'student')).get('category/');
    expect(categoryListSchema.parse(response.json()).map((c) => c.slug)).toContain('fun');
  });

  it('lists student types including "All Students", and notification types', async () => {
    const student = await as(app, 'student');
    const types = studentTypeListSchema.parse((await student.get('student_types/')).json());
    expect(types.map((t) => t.name)).toContain('All Students');
    const kinds = notificationTypeListSchema.parse(
      (await student.get('notification_type/')).json(),
    );
    expect(kinds.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['category/'],
    ['student_types/'],
    ['notification_type/'],
    ['user_student_types/'],
    ['user_preference/'],
  ])('GET %s answers 401 without a token', async (path) => {
    const response = await app.inject({ url: api(path) });
    expect(response.statusCode).toBe(401);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });

  it("changing the user's student types changes the tasks they see", async () => {
    const student = await as(app, 'student');
    const [record] = userStudentTypesListSchema.parse(
      (await student.get('user_student_types/')).json(),
    );
    const types = studentTypeListSchema.parse((await student.get('student_types/')).json());
    const international = types.find((t) => t.name === 'International')!.id;
    const titles = async () => (await student.tasks()).map((t) => t.task.title);
    expect(await titles()).not.toContain('Confirm your international student status');
    const response = await student.patch(`user_student_types/${record!.pk}/`, {
      student_types: [...record!.student_types, international],
    });
    expect(userStudentTypesSchema.parse(response.json()).student_types).toContain(international);
    expect(await titles()).toContain('Confirm your international student status');
  });

  it.each([
    ['a wrong type', { student_types: 'International' }],
    ['an unknown field', { student_types: [], pk: 3 }],
    ['no field', {}],
    ['an unknown id', { student_types: [99999] }],
  ])('PATCH user_student_types answers 400 JSON for %s', async (_name, body) => {
    const student = await as(app, 'student');
    const [record] = userStudentTypesListSchema.parse(
      (await student.get('user_student_types/')).json(),
    );
    const response = await student.patch(`user_student_types/${record!.pk}/`, body);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });

  it("PATCH user_student_types answers 404 for another user's record", async () => {
    const student = await as(app, 'student');
    const other = await as(app, 'new-student');
    const [theirs] = userStudentTypesListSchema.parse(
      (await other.get('user_student_types/')).json(),
    );
    const response = await student.patch(`user_student_types/${theirs!.pk}/`, {
      student_types: [],
    });
    expect(response.statusCode).toBe(404);
  });

  it('"Messages from the university" (the messages topic) is a notification type a new person has chosen, and unticking and ticking it again is saved', async () => {
    const student = await as(app, 'student');
    const kinds = notificationTypeListSchema.parse(
      (await student.get('notification_type/')).json(),
    );
    const messages = kinds.find((k) => k.name === 'Messages from the university');
    expect(messages).toBeDefined();
    const [preference] = userPreferenceListSchema.parse(
      (await student.get('user_preference/')).json(),
    );
    expect(preference!.notifications).toContain(messages!.id);
    const without = preference!.notifications.filter((id) => id !== messages!.id);
    const off = await student.patch(`user_preference/${preference!.pk}/`, {
      notifications: without,
    });
    expect(userPreferenceSchema.parse(off.json()).notifications).not.toContain(messages!.id);
    const on = await student.patch(`user_preference/${preference!.pk}/`, {
      notifications: [...without, messages!.id],
    });
    expect(userPreferenceSchema.parse(on.json()).notifications).toContain(messages!.id);
  });

  it('"Coursework due dates" (the coursework topic) is a notification type a new person has not chosen, off until they tick it', async () => {
    const student = await as(app, 'student');
    const kinds = notificationTypeListSchema.parse(
      (await student.get('notification_type/')).json(),
    );
    const coursework = kinds.find((k) => k.name === 'Coursework due dates');
    expect(coursework).toBeDefined();
    const [preference] = userPreferenceListSchema.parse(
      (await student.get('user_preference/')).json(),
    );
    expect(preference!.notifications.length).toBeGreaterThan(0);
    expect(preference!.notifications).not.toContain(coursework!.id);
    const on = await student.patch(`user_preference/${preference!.pk}/`, {
      notifications: [...preference!.notifications, coursework!.id],
    });
    expect(userPreferenceSchema.parse(on.json()).notifications).toContain(coursework!.id);
  });

  it('patching notifications stores them; patching updated_by_user_on completes onboarding', async () => {
    const student = await as(app, 'student');
    const [preference] = userPreferenceListSchema.parse(
      (await student.get('user_preference/')).json(),
    );
    expect(preference!.updated_by_user_on).toBeNull();
    const kinds = notificationTypeListSchema.parse(
      (await student.get('notification_type/')).json(),
    );
    const chosen = [kinds[1]!.id];
    const saved = await student.patch(`user_preference/${preference!.pk}/`, {
      notifications: chosen,
    });
    expect(userPreferenceSchema.parse(saved.json()).notifications).toEqual(chosen);
    const done = await student.patch(`user_preference/${preference!.pk}/`, {
      updated_by_user_on: NOW.toISOString(),
    });
    expect(userPreferenceSchema.parse(done.json())).toEqual({
      pk: preference!.pk,
      notifications: chosen,
      updated_by_user_on: NOW.toISOString(),
    });
  });

  it.each([
    ['two fields', { notifications: [], updated_by_user_on: '2026-09-15T12:00:00Z' }],
    ['no field', {}],
    ['an unknown field', { sms: true }],
    ['a wrong type', { notifications: [true] }],
    ['updated_by_user_on not a time', { updated_by_user_on: 'today' }],
    ['an unknown notification type', { notifications: [99999] }],
  ])('PATCH user_preference answers 400 JSON for %s', async (_name, body) => {
    const student = await as(app, 'student');
    const [preference] = userPreferenceListSchema.parse(
      (await student.get('user_preference/')).json(),
    );
    const response = await student.patch(`user_preference/${preference!.pk}/`, body);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });

  it("PATCH user_preference answers 404 for another user's preference", async () => {
    const student = await as(app, 'student');
    const other = await as(app, 'new-student');
    const [theirs] = userPreferenceListSchema.parse((await other.get('user_preference/')).json());
    const response = await student.patch(`user_preference/${theirs!.pk}/`, { notifications: [] });
    expect(response.statusCode).toBe(404);
  });
});
