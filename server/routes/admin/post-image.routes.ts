import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { adminIdParamsSchema } from '../../../contract/admin/admin.schema.js';
import { sendDone, sendInvalid } from '../../admin/forms.js';
import { csrfOf } from '../../admin/guard.js';
import {
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  removePostImages,
  storePostImage,
} from '../../content/images.js';
import { sendProblem } from '../../html/page.js';
import { IMAGE_WORK, ImageTooLargeError, ImageWorkBusyError } from '../../media/image-work.js';
import { isSameOrigin } from '../../plugins/same-origin.js';
import { CSRF_HEADER } from '../../plugins/app/session.js';
import { postPages } from './post-pages.js';
import { postValues } from './posts-view.js';

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`;

/** The refusal of a picture over the pixel limit: what it is, what the limit is, what to do. */
const tooLarge = ({ width, height }: ImageTooLargeError) =>
  `This image is ${width} × ${height} pixels (${megapixels(width * height)}); the limit is ${megapixels(IMAGE_WORK.maxInputPixels)}. Resize it and upload it again.`;

/** The image queue is full (media/image-work.ts): nothing was stored; a retry soon will do. */
const busy = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(request, reply.header('retry-after', '10'), {
    status: 503,
    title: 'Too many images at once',
    detail:
      'The server is working on other images: nothing was stored. Try again in a few seconds.',
  });

/**
 * A post's image: one upload (JPEG, PNG or WebP, ≤ 8 MB, ≤ 40 megapixels), decoded whole before
 * anything is stored (in the process's image queue, two at a time), becomes the four sizes; the
 * image it replaces is deleted; audited.
 */
export default async function postImageRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const posts = app.repositories.adminPosts;
  const { timeZone } = app.config.campus;
  const mediaDir = path.join(app.config.dataDir, 'media');
  const { formPage, missing, audit } = postPages(app);

  // Multipart: the CSRF token comes as the form's first field (or the header), checked here.
  r.post(
    '/admin/posts/:id/image',
    {
      config: { access: { self: 'write', support: null, delegate: null } },
      schema: { hide: true, params: adminIdParamsSchema },
    },
    async (request, reply) => {
      const before = await posts.find(request.params.id);
      if (!before) return missing(request, reply);
      const bad = async (detail: string) => {
        const errors = { image: detail };
        const body = await formPage(
          request,
          { values: postValues(before, timeZone), errors },
          before,
        );
        return sendInvalid(request, reply, errors, () => body);
      };
      if (!request.isMultipart()) return bad('Send the image as a file upload.');
      const file = await request.file().catch(() => undefined);
      const token = file?.fields.csrf;
      const field =
        token && !Array.isArray(token) && token.type === 'field' ? token.value : undefined;
      const expected = csrfOf(request);
      if (
        !isSameOrigin(request) ||
        (request.headers[CSRF_HEADER] !== expected && field !== expected)
      ) {
        return sendProblem(request, reply, {
          status: 403,
          title: 'This form has expired',
          detail: 'CSRF check failed: reload the page and try again.',
        });
      }
      if (!file || file.fieldname !== 'image') return bad('Choose an image to upload.');
      if (!IMAGE_TYPES.has(file.mimetype)) return bad('Upload a JPEG, PNG or WebP image.');
      const upload = await file.toBuffer().catch(() => undefined);
      if (!upload || file.file.truncated) return bad('The image is larger than 8 MB.');
      let images;
      try {
        images = await storePostImage(mediaDir, before.id, upload);
      } catch (err) {
        if (err instanceof ImageTooLargeError) return bad(tooLarge(err));
        if (err instanceof ImageWorkBusyError) return busy(request, reply);
        throw err;
      }
      if (!images) {
        return bad(
          'This image could not be read: it may be damaged or cut short. Upload a whole JPEG, PNG or WebP picture.',
        );
      }
      const saved = await posts.setImages(before.id, images);
      if (!saved.ok) {
        await removePostImages(mediaDir, images);
        return missing(request, reply);
      }
      // The replaced image's files go: its old addresses answer 404 from now on.
      await removePostImages(mediaDir, before);
      await audit(request, 'image', before.id, before, saved.post);
      return sendDone(request, reply, `/admin/posts/${before.id}?done=saved`, saved.post);
    },
  );
}
