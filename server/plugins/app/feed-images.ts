import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FEED_IMAGE_LIMITS, FeedImages } from '../../feeds/feed-images.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The images of the feed items shown: prepared when a feed is read, served by their own route. */
    feedImages: FeedImages;
  }
}

/** One set of feed images for the process: the feeds (signed in) fill it, the public route reads it. */
export default fp(
  async function feedImages(app: FastifyInstance) {
    app.decorate(
      'feedImages',
      new FeedImages({
        fetch: {
          maxBytes: FEED_IMAGE_LIMITS.maxBytes,
          maxRedirects: FEED_IMAGE_LIMITS.maxRedirects,
          timeoutMs: app.config.feeds.timeoutMs,
          privateHosts: new Set(app.config.feeds.imagePrivateHosts),
        },
        clock: () => app.clock(),
        log: app.log,
        shared: app.cache.store,
      }),
    );
  },
  { name: 'feed-images', dependencies: ['cache'] },
);
