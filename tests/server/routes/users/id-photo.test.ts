import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../../../contract/user.schema.js';
import { FakeSis } from '../../../fake-sis/fake-sis.js';
import { createTestApp, signIn } from '../../helpers/app.js';

describe('the user call carries the ID photo from the SIS', () => {
  let fake: FakeSis;
  beforeAll(async () => {
    fake = await FakeSis.start();
  });
  afterAll(async () => fake.close());

  it('a student with an ID photo on record gets it as an image data URL', async () => {
    const app = await createTestApp();
    const { cookie } = await signIn(app, 'student');
    const user = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
    expect(user.photo).toMatch(/^data:image\/svg\+xml;base64,/);
    await app.close();
  });

  it('someone without an ID photo on record gets none, and the portal shows initials', async () => {
    const app = await createTestApp();
    const { cookie } = await signIn(app, 'staff');
    const user = userSchema.parse(
      (await app.inject({ url: '/api/users/user', headers: { cookie } })).json(),
    );
    expect(user.photo).toBeNull();
    await app.close();
  });

  it('the user call still answers when the SIS cannot give the photo', async () => {
    fake.fail('profile', { kind: 'status', status: 500 });
    const app = await createTestApp({ env: { SIS_BASE_URL: fake.url, SIS_TIMEOUT_MS: '300' } });
    const { cookie } = await signIn(app, 'student');
    const response = await app.inject({ url: '/api/users/user', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json()).photo).toBeNull();
    fake.heal();
    await app.close();
  });
});
