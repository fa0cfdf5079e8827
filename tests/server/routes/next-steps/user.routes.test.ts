import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../../contract/error.schema.js';
import {
  nextStepsUserListSchema,
  USER_MESSAGES_MAX,
  userMessageSchema,
} from '../../../../contract/next-steps/user.schema.js';
import { preferencesSchema } from '../../../../contract/preferences.schema.js';
import { NOW, api, as, nextStepsApp } from './helpers.js';
import { signIn } from '../../helpers/app.js';

describe('GET /next-steps/api/user/', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  it('answers a list whose first item is the user, with session credentials', async () => {
    const { cookie, token } = await as(app, 'student');
    const response = await app.inject({ url: api('user/'), headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const [user] = nextStepsUserListSchema.parse(response.json());
    expect(user).toMatchObject({
      auth_token: token,
      has_provisional_account: false,
      is_new_student: false,
    });
    expect(user!.user_message).toHaveLength(1);
    expect(user!.user_message[0]!.user_acknowledged_on).toBeNull();
  });

  it(`issue 87: carries the ${USER_MESSAGES_MAX} newest unacknowledged messages, no more`, async () => {
    const { cookie } = await as(app, 'student');
    const { id: userId } = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'avalencia')
      .executeTakeFirstOrThrow();
    for (let i = 0; i <= USER_MESSAGES_MAX; i += 1) {
      const { id } = await app.database.db
        .insertInto('ns_messages')
        .values({
          title: `Notice ${i}`,
          body: 'x',
          created_on: new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await app.database.db
        .insertInto('ns_user_messages')
        .values({ user_id: userId, message_id: id, user_acknowledged_on: null })
        .execute();
    }
    const response = await app.inject({ url: api('user/'), headers: { cookie } });
    const [user] = nextStepsUserListSchema.parse(response.json());
    expect(user!.user_message).toHaveLength(USER_MESSAGES_MAX);
    expect(user!.user_message[0]!.title).toBe(`Notice ${USER_MESSAGES_MAX}`);
    expect(user!.user_message.map((m) => m.title)).not.toContain('Notice 0');
  });

  it('is_new_student is derived from the persona: the new-student persona is a new student', async () => {
    const { cookie } = await as(app, 'new-student');
    const response = await app.inject({ url: api('user/'), headers: { cookie } });
    expect(nextStepsUserListSchema.parse(response.json())[0]!.is_new_student).toBe(true);
  });

  it('carries the language the person chose on Account, and null while they never chose (issue 59)', async () => {
    const { cookie, token } = await as(app, 'student');
    const languageNow = async () =>
      nextStepsUserListSchema.parse(
        (await app.inject({ url: api('user/'), headers: { cookie } })).json(),
      )[0]!.language;
    expect(await languageNow()).toBeNull();
    const auth = { authorization: `Token ${token}` };
    const { pk } = preferencesSchema.parse(
      (await app.inject({ url: '/api/preferences/user', headers: auth })).json(),
    );
    for (const language of ['es', 'en'] as const) {
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/preferences/${pk}`,
        headers: auth,
        payload: { language },
      });
      expect(saved.statusCode).toBe(200);
      expect(await languageNow()).toBe(language);
    }
  });

  it('answers 401 JSON when signed out, and does not take the token in place of the cookie', async () => {
    const { token } = await as(app, 'student');
    for (const headers of [{}, { authorization: `Token ${token}` }]) {
      const response = await app.inject({ url: api('user/'), headers });
      expect(response.statusCode).toBe(401);
      expect(errorSchema.parse(response.json()).detail).toBeTruthy();
    }
  });

  it('a provisional account gets a non-OK answer with detail has_provisional_account', async () => {
    const { cookie } = await signIn(app, 'provisional');
    const response = await app.inject({ url: api('user/'), headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'has_provisional_account' });
  });
});

describe('PATCH /next-steps/api/user_message/{id}/', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await nextStepsApp();
  });
  afterEach(async () => app.close());

  const messagesOf = async (cookie: string) =>
    nextStepsUserListSchema.parse(
      (await app.inject({ url: api('user/'), headers: { cookie } })).json(),
    )[0]!.user_message;

  it('acknowledging the message sets user_acknowledged_on, after which messages are cleared', async () => {
    const student = await as(app, 'student');
    const [message] = await messagesOf(student.cookie);
    const response = await student.patch(`user_message/${message!.id}/`, {
      user_acknowledged_on: NOW.toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(userMessageSchema.parse(response.json()).user_acknowledged_on).toBe(NOW.toISOString());
    expect(await messagesOf(student.cookie)).toEqual([]);
  });

  it("answers 404 for another user's message", async () => {
    const student = await as(app, 'student');
    const other = await as(app, 'new-student');
    const [theirs] = await messagesOf(other.cookie);
    const response = await student.patch(`user_message/${theirs!.id}/`, {
      user_acknowledged_on: NOW.toISOString(),
    });
    expect(response.statusCode).toBe(404);
    expect(await messagesOf(other.cookie)).toHaveLength(1);
  });

  it.each([
    ['no field', {}],
    ['a wrong type', { user_acknowledged_on: true }],
    ['an unknown field', { user_acknowledged_on: NOW.toISOString(), body: 'x' }],
  ])('answers 400 JSON for a bad body: %s', async (_name, body) => {
    const student = await as(app, 'student');
    const [message] = await messagesOf(student.cookie);
    const response = await student.patch(`user_message/${message!.id}/`, body);
    expect(response.statusCode).toBe(400);
    expect(errorSchema.parse(response.json()).detail).toBeTruthy();
  });
});
