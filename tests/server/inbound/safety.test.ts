import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../contract/error.schema.js';
import { INBOUND_BODY_LIMIT } from '../../../contract/inbound.schema.js';
import { issueKey } from '../../../server/inbound/manage.js';
import { signIn } from '../helpers/app.js';
import { bearer, inboundApp, publisherWithKey, taskFor } from './inbound-helpers.js';

const ITEMS = '/api/inbound/v1/items';
const detailOf = (response: { json: () => unknown }) => errorSchema.parse(response.json()).detail;

describe('the inbound API’s safety: scopes, audience, limits', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  const post = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), ...headers },
      payload: payload as object,
    });

  it('without a key, or with a made-up one, a call answers 401 {detail}', async () => {
    app = await inboundApp();
    const none = await app.inject({ method: 'POST', url: ITEMS, payload: taskFor(['x']) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toHaveProperty('detail');
    const fake = await post(`cpk_finaid_${'A'.repeat(43)}`, taskFor(['x']));
    expect(fake.statusCode).toBe(401);
  });

  it.each([
    ['message', 'messages:write', { kind: 'message' }],
    ['task', 'tasks:write', { kind: 'task' }],
    ['alert', 'alerts:write', { kind: 'alert', due_on: undefined }],
  ])('a %s needs the scope %s: without it 403 naming the scope', async (_kind, scope, extra) => {
    app = await inboundApp();
    await signIn(app, 'student');
    const { key } = await publisherWithKey(app, {
      scopes: ['messages:write', 'alerts:write', 'tasks:write'].filter((s) => s !== scope) as never,
    });
    const body = { ...taskFor(['avalencia']), ...extra };
    if (body.kind !== 'task') delete (body as Record<string, unknown>).due_on;
    const refused = await post(key, body);
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toContain(scope);
  });

  it('an emergency alert needs alerts:emergency; with it, it is published', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    const alert = {
      kind: 'alert',
      source_id: 'shelter',
      audience: { roles: ['student'] },
      title: 'Shelter in place',
      severity: 'emergency',
    };
    const plain = await publisherWithKey(app, { name: 'housing', scopes: ['alerts:write'] });
    const refused = await post(plain.key, alert);
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toContain('alerts:emergency');
    const safety = await publisherWithKey(app, {
      name: 'safety',
      scopes: ['alerts:write', 'alerts:emergency'],
    });
    expect((await post(safety.key, alert)).statusCode).toBe(201);
  });

  it('tasks:complete is needed to mark a task done', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    const { key } = await publisherWithKey(app, { scopes: ['tasks:write'] });
    expect((await post(key, taskFor(['avalencia']))).statusCode).toBe(201);
    const refused = await app.inject({
      method: 'PUT',
      url: `${ITEMS}/verify-2027/completions`,
      headers: bearer(key),
      payload: { users: ['avalencia'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(detailOf(refused)).toContain('tasks:complete');
  });

  it('an audience beyond the publisher’s answers 403 naming what is not allowed', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    await signIn(app, 'staff');
    const { key } = await publisherWithKey(app, { roles: ['student'] });
    const roles = await post(key, { ...taskFor([]), audience: { roles: ['staff', 'faculty'] } });
    expect(roles.statusCode).toBe(403);
    expect(detailOf(roles)).toBe('This publisher may not reach roles staff, faculty.');
    const groups = await post(key, { ...taskFor([]), audience: { groups: ['Transfer'] } });
    expect(groups.statusCode).toBe(403);
    expect(detailOf(groups)).toContain('groups Transfer');
    const person = await post(key, taskFor(['mchen']));
    expect(person.statusCode).toBe(403);
    expect(detailOf(person)).toContain('users mchen');
  });

  it('more recipients than the publisher’s maximum answers 400', async () => {
    app = await inboundApp();
    await signIn(app, 'student');
    await signIn(app, 'new-student');
    const { key } = await publisherWithKey(app, { maxRecipients: 1 });
    const refused = await post(key, { ...taskFor([]), audience: { roles: ['student'] } });
    expect(refused.statusCode).toBe(400);
    expect(detailOf(refused)).toMatch(/reaches \d+ people: the publisher's maximum is 1/);
  });

  it('a body of 64 kB + 1 byte answers 413 {detail}; malformed JSON 400 {detail}; an unknown field 400', async () => {
    app = await inboundApp();
    const { key } = await publisherWithKey(app);
    const big = JSON.stringify({ ...taskFor(['a']), body: '' });
    const padded = big.replace(
      '"body":""',
      `"body":"${'x'.repeat(INBOUND_BODY_LIMIT + 1 - big.length)}"`,
    );
    expect(Buffer.byteLength(padded)).toBe(INBOUND_BODY_LIMIT + 1);
    const tooBig = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: padded,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toHaveProperty('detail');
    const malformed = await app.inject({
      method: 'POST',
      url: ITEMS,
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: '{"kind": "task",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');
    const strict = await post(key, { ...taskFor(['a']), colour: 'red' });
    expect(strict.statusCode).toBe(400);
  });

  it('a due day past 2200 (9999-12-31) answers 400 naming the years, as every other date does', async () => {
    app = await inboundApp();
    const { key } = await publisherWithKey(app);
    const refused = await post(key, taskFor(['a'], { due_on: '9999-12-31' }));
    expect(refused.statusCode).toBe(400);
    expect(detailOf(refused)).toContain('due_on');
    expect(detailOf(refused)).toContain('between 1970 and 2200');
  });

  it.each([
    'http://169.254.169.254/',
    'http://10.0.0.1/',
    'http://127.0.0.1:8080/',
    'http://[::1]/',
    'http://localhost/',
  ])(
    'an action_link to %s (not on the internet) answers 400 naming it; nothing is published',
    async (link) => {
      app = await inboundApp();
      await signIn(app, 'student');
      const { id, key } = await publisherWithKey(app);
      const refused = await post(key, taskFor(['avalencia'], { action_link: link }));
      expect(refused.statusCode).toBe(400);
      expect(detailOf(refused)).toContain('action_link');
      expect(await app.repositories.inboundItems.ofPublisher(id)).toEqual([]);
      const allowed = await post(
        key,
        taskFor(['avalencia'], { action_link: 'https://finaid.example.edu/' }),
      );
      expect(allowed.statusCode).toBe(201);
    },
  );

  it('a key past 60 calls a minute answers 429 with Retry-After; another key goes on', async () => {
    app = await inboundApp({ env: { RATE_LIMIT_INBOUND_PER_MINUTE: '60' } });
    const { id, key } = await publisherWithKey(app);
    const other = await issueKey(app.repositories, id, app.clock());
    const get = (k: string) => app.inject({ url: `${ITEMS}/nothing`, headers: bearer(k) });
    for (let i = 0; i < 60; i += 1) expect((await get(key)).statusCode).toBe(404);
    const limited = await get(key);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toHaveProperty('detail');
    expect((await get(other.key)).statusCode).toBe(404);
  });
});
