import type { FastifyInstance } from 'fastify';
import { ICONS, MANIFEST_PATH, renderIcon, webAppManifest } from '../../html/web-app.js';
import type { IconName } from '../../html/web-app.js';

/**
 * `GET /manifest.webmanifest` and its icons (public, issue 44): the installable app as the campus
 * configuration describes it. Each icon is made once, when first asked for, and kept.
 */
export default async function webAppRoutes(app: FastifyInstance) {
  const campus = app.config.campus;
  const manifest = JSON.stringify(webAppManifest(campus));
  app.get(
    MANIFEST_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(manifest),
  );
  const made = new Map<IconName, Promise<Buffer>>();
  for (const name of Object.keys(ICONS) as IconName[]) {
    app.get(
      ICONS[name].path,
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) => {
        let icon = made.get(name);
        if (!icon) {
          icon = renderIcon(campus, name);
          made.set(name, icon);
          // A logo that cannot be read is tried again next time, not remembered as broken.
          icon.catch(() => made.delete(name));
        }
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=86400')
          .send(await icon);
      },
    );
  }
}
