import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hiddenCategories } from '../../../contract/content.rules.js';
import { errorSchema } from '../../../contract/error.schema.js';
import { hasRole } from '../../../contract/roles.rules.js';
import { roleSchema } from '../../../contract/roles.schema.js';
import { SEARCH_GROUP_MAX, SEARCH_GROUP_PAGES_MAX } from '../../../contract/search.rules.js';
import {
  searchAnswerSchema,
  searchCursor,
  searchGroupSchema,
  searchQuerySchema,
} from '../../../contract/search.schema.js';
import type { SearchAnswer, SearchGroup, SearchResult } from '../../../contract/search.schema.js';
import type { UserRecord } from '../../db/repositories/users.repository.js';
import { readerLanguage } from '../../content/reader-text.js';
import { translator } from '../../i18n/catalogue.js';
import {
  campusBuildings,
  campusTools,
  matchDestinations,
  sectionsIn,
} from '../../search/destinations.js';
import type { Destination } from '../../search/destinations.js';
import { searchClasses } from '../../search/classes.js';
import { searchCoursework } from '../../search/coursework.js';
import type { SearchReader } from '../../db/repositories/search.repository.js';
import { cappedPieces } from '../../search/pieces.js';
import { searchTerms } from '../../search/search-query.js';

/** A group's heading in the reader's language, as the search page names it (issue 87). */
function groupLabel(i18n: I18n, group: SearchGroup): string {
  switch (group) {
    case 'sections':
      return i18n._({ id: 'search.group.sections', message: 'Portal sections' });
    case 'tools':
      return i18n._({ id: 'search.group.tools', message: 'Tools and links' });
    case 'pages':
      return i18n._({ id: 'search.group.pages', message: 'Pages and posts' });
    case 'tasks':
      return i18n._({ id: 'search.group.tasks', message: 'My Next Steps' });
    case 'coursework':
      return i18n._({ id: 'search.group.coursework', message: 'My coursework' });
    case 'classes':
      return i18n._({ id: 'search.group.classes', message: 'My classes this term' });
    case 'messages':
      return i18n._({ id: 'search.group.messages', message: 'Messages' });
  }
}

/** Who is searching, as the index filters them (portal.md §6 role rules, applied here). */
export function searchReader(user: UserRecord): SearchReader {
  const roles = roleSchema.options.filter((role) => hasRole(user, role));
  return {
    userId: user.id,
    username: user.username,
    roles,
    hiddenCategories: hiddenCategories(user),
  };
}

const external = (href: string) => /^https?:/i.test(href);

/**
 * `GET /api/search?q=`: the portal's sections and the campus's tools by name (typos forgiven), posts
 * and their links, the person's own Next Steps tasks and messages (full-text, in the store), their own
 * coursework items and this term's classes (per person, never in the shared index) — each group only
 * with results, every result one the person may see; each group holds at most `SEARCH_GROUP_MAX`
 * and says when it found more (issue 87).
 */
export default async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The campus's tools by the names a reader of each language reads (issue 59).
  const { campuses } = app.config;
  const tools = { en: campusTools(campuses.en, 'en'), es: campusTools(campuses.es, 'es') };
  // The portal's sections by their names and words in each language (issue 76),
  // and the campus's buildings, each to the campus map at it (issue 89).
  const sections = { en: sectionsIn('en'), es: sectionsIn('es') };
  const buildings = {
    en: campusBuildings(campuses.en, 'en'),
    es: campusBuildings(campuses.es, 'es'),
  };

  r.get(
    '/api/search',
    {
      schema: {
        summary: 'Search the portal',
        security: [{ token: [] }],
        querystring: searchQuerySchema,
        response: {
          200: searchAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          429: errorSchema,
        },
      },
      // Each search costs the store far more than a read: a limit of its own, per person.
      config: {
        access: { self: 'read', support: 'read', delegate: null },
        rateLimit: { max: app.config.search.perMinute, timeWindow: 60_000 },
      },
    },
    async (request): Promise<SearchAnswer> => {
      const { words, ignored } = searchTerms(request.query.q);
      const { after } = request.query;
      const user = request.subject;
      const now = app.clock();
      // Spanish readers search the Spanish index, stemmed in Spanish (issue 76).
      const language = await readerLanguage(app, request);
      const i18n = translator(language);
      const [hits, classes, coursework] = await Promise.all([
        request.adapters.search.search(searchReader(user), words, now, {
          budgetMs: app.config.search.budgetMs,
          language,
          // A group's later page: the store ranks that many more of each kind (issue 87).
          ...(after && { perKind: after.offset + SEARCH_GROUP_MAX + 1 }),
        }),
        classesFor(app, request, words),
        // The student's own items only, read by their id (never in the shared index).
        words.length > 0 ? app.repositories.coursework.itemsOf(user.id) : [],
      ]);
      const byName = (list: readonly Destination[], forgiving = true): SearchResult[] =>
        matchDestinations(words, list, language, forgiving).map(({ destination, title }) => ({
          title,
          excerpt: [],
          href: destination.href,
          external: external(destination.href),
          lang: destination.lang,
        }));
      const found: Record<SearchGroup, SearchResult[]> = {
        sections: [...byName(sections[language]), ...byName(buildings[language], false)],
        tools: [
          ...byName(tools[language]),
          ...hits.links.map(({ url, lang, ...hit }) => ({
            ...cappedPieces(hit),
            href: url,
            external: external(url),
            lang,
          })),
        ],
        pages: hits.posts.map(({ slug, postType, pagePath, lang, ...hit }) => ({
          ...cappedPieces(hit),
          href: postType === 'blog' ? `/whats-new/${slug}` : (pagePath ?? '/'),
          external: false,
          lang,
        })),
        tasks: hits.tasks.map(({ id, lang, ...hit }) => ({
          ...cappedPieces(hit),
          href: `/next-steps/task/${id}`,
          external: false,
          lang,
        })),
        coursework: searchCoursework(coursework, words, now, app.config.campus.timeZone, language),
        classes,
        messages: hits.messages.map(({ lang, ...hit }) => ({
          ...cappedPieces(hit),
          href: '/messages',
          external: false,
          lang,
        })),
      };
      if (words.length > 0) app.metrics.search(hits.partial ? 'partial' : 'full');
      return {
        query: words.join(' '),
        partial: hits.partial,
        ignoredWords: ignored,
        // With `after`, only that group, from its offset; each group's next page while there is one.
        groups: searchGroupSchema.options
          .filter((group) => (after ? group === after.group : found[group].length > 0))
          .map((group) => groupPage(i18n, group, found[group], after?.offset ?? 0)),
      };
    },
  );
}

/** A group's page from `offset`: at most SEARCH_GROUP_MAX, `more` and `next` while more follow. */
function groupPage(i18n: I18n, group: SearchGroup, found: SearchResult[], offset: number) {
  const end = offset + SEARCH_GROUP_MAX;
  const more = found.length > end;
  return {
    group,
    label: groupLabel(i18n, group),
    results: found.slice(offset, end),
    ...(more && { more: true }),
    ...(more &&
      end / SEARCH_GROUP_MAX < SEARCH_GROUP_PAGES_MAX && { next: searchCursor(group, end) }),
  };
}

/** This term's classes matching every word; a schedule the SIS cannot give now is no result, not an error. */
async function classesFor(
  app: FastifyInstance,
  request: FastifyRequest,
  words: readonly string[],
): Promise<SearchResult[]> {
  if (words.length === 0) return [];
  try {
    return await searchClasses(request.adapters.sis, words);
  } catch (err) {
    request.log.warn({ err }, 'search went on without the schedule');
    return [];
  }
}
