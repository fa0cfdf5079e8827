import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminErrorSchema } from '../../../../contract/admin/admin.schema.js';
import { imageWorkStats } from '../../../../server/media/image-work.js';
import { createTestApp } from '../../helpers/app.js';
import { hugePng } from '../../media/huge-png.js';
import { adminAs } from './admin-client.js';
import { createPost } from './post-input.js';

let app: FastifyInstance;
let staff: Awaited<ReturnType<typeof adminAs>>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-image-limits-'));
const mediaFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'media'));
  } catch {
    return [];
  }
};
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
  staff = await adminAs(app, 'staff');
});
afterAll(async () => app.close());

function upload(id: number, content: Buffer) {
  const boundary = '----image-limits';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${staff.csrf}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/admin/posts/${id}/image`,
    headers: { cookie: staff.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('post image uploads are bounded', () => {
  it('a picture over 40 megapixels is refused by its header with a message naming its size, nothing stored', async () => {
    const saved = await createPost(staff);
    const before = imageWorkStats().done;
    const response = await upload(saved.id, await hugePng(9000, 5000));
    expect(response.statusCode).toBe(400);
    const answer = adminErrorSchema.parse(response.json());
    expect(answer.detail).toBeTruthy();
    expect(answer.fields?.image).toBe(
      'This image is 9000 × 5000 pixels (45 megapixels); the limit is 40 megapixels. Resize it and upload it again.',
    );
    expect(imageWorkStats().done).toBe(before + 1);
    expect(mediaFiles()).toEqual([]);
  });

  it('six uploads at once are decoded at most two at a time, and all are stored', async () => {
    const picture = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: '#1f4e79' },
    })
      .png()
      .toBuffer();
    const posts = await Promise.all(Array.from({ length: 6 }, () => createPost(staff)));
    const before = imageWorkStats().done;
    const answers = await Promise.all(posts.map((p) => upload(p.id, picture)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(imageWorkStats()).toMatchObject({ running: 0, waiting: 0, peak: 2 });
    expect(imageWorkStats().done).toBe(before + 6);
    expect(mediaFiles()).toHaveLength(24);
  });
});
