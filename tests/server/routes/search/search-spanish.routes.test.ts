import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchAnswerSchema } from '../../../../contract/search.schema.js';
import type { SearchAnswer, SearchGroup } from '../../../../contract/search.schema.js';
import { createTestApp, signIn } from '../../helpers/app.js';
import type { TestAppOptions } from '../../helpers/app.js';
import { searchAppStore } from '../../search/search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const titles = (answer: SearchAnswer, group: SearchGroup) =>
  (answer.groups.find((g) => g.group === group)?.results ?? []).map((r) =>
    r.title.map((s) => s.text).join(''),
  );

/** The main menu's and Account's words in Spanish, and the section each names. */
const MENU: readonly [string, string][] = [
  ['inicio', 'Inicio'],
  ['estudios', 'Estudios'],
  ['finanzas', 'Finanzas'],
  ['comunidad', 'Comunidad'],
  ['recursos', 'Recursos'],
  ['cuenta', 'Cuenta'],
  ['mensajes', 'Mensajes'],
  ['retenciones', 'Retenciones'],
  ['próximos pasos', 'Mis próximos pasos'],
];

/** Common words of tasks and pages a Spanish-speaking student types, and the page they mean. */
const COMMON: readonly [string, string][] = [
  ['calificaciones', 'Estudios'],
  ['calificacion', 'Estudios'],
  ['horario', 'Estudios'],
  ['consejera', 'Estudios'],
  ['matrícula', 'Finanzas'],
  ['pagar', 'Finanzas'],
  ['beca', 'Finanzas'],
  ['ayuda financiera', 'Finanzas'],
  ['dirección', 'Cuenta'],
  ['idioma', 'Cuenta'],
  ['eventos', 'Comunidad'],
  ['noticias', 'Comunidad'],
  ['tareas', 'Mis próximos pasos'],
  ['biblioteca', 'Recursos'],
];

/** Issue 76: search understands Spanish, on the store this suite runs on (SQLite or PostgreSQL). */
describe('GET /api/search in Spanish: the portal’s sections by their Spanish names and words', () => {
  let app: FastifyInstance;
  let token: string;
  const search = async (q: string, language = 'es-MX,es;q=0.9') => {
    const response = await app.inject({
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: { authorization: `Token ${token}`, 'accept-language': language },
    });
    expect(response.statusCode).toBe(200);
    return searchAnswerSchema.parse(response.json());
  };

  beforeAll(async () => {
    const database = await searchAppStore();
    const options: TestAppOptions = { clock: () => now, env: { SEARCH_BUDGET_MS: '10000' } };
    app = await createTestApp(database ? { ...options, database } : options);
    token = (await signIn(app, 'student')).token;
  });
  afterAll(async () => app.close());

  it.each(MENU)(
    'In Español, every Spanish word of the menu finds its page: "%s" finds %s',
    async (q, page) => {
      expect(titles(await search(q), 'sections')[0]).toBe(page);
    },
  );

  it.each(COMMON)(
    'In Español, common task and page words find their page: "%s" finds %s',
    async (q, page) => {
      expect(titles(await search(q), 'sections')).toContain(page);
    },
  );

  it('the groups are headed in the reader\'s language, as the search page heads them ("Secciones del portal", "Mensajes")', async () => {
    const labels = async (language?: string) =>
      Object.fromEntries(
        (await search('mensajes', language)).groups.map((g) => [g.group, g.label]),
      );
    expect((await labels()).sections).toBe('Secciones del portal');
    expect((await labels('en-US')).sections).toBe('Portal sections');
  });

  it('results are named in Spanish, with the typed word marked whatever its accents', async () => {
    const answer = await search('ESTUDIO');
    const section = answer.groups.find((g) => g.group === 'sections')?.results[0];
    expect(section?.title).toEqual([{ text: 'Estudios', match: true }]);
    expect(section?.href).toBe('/academics');
    expect(titles(await search('proximos'), 'sections')).toEqual(['Mis próximos pasos']);
  });

  it('a Spanish reader may still type the English words, and an English reader finds no Spanish ones', async () => {
    expect(titles(await search('grades'), 'sections')).toEqual(['Estudios']);
    expect(titles(await search('grades', 'en-US'), 'sections')).toEqual(['Academics']);
    expect(titles(await search('estudios', 'en-US'), 'sections')).toEqual([]);
  });

  it('the student’s own task with no Spanish version is found by its words, as written', async () => {
    expect(titles(await search('fafsa'), 'tasks')).toEqual(['Submit your FAFSA']);
  });

  it('each result says its language: a section in the reader’s, a task as written in English', async () => {
    const langs = (answer: SearchAnswer, group: SearchGroup) =>
      (answer.groups.find((g) => g.group === group)?.results ?? []).map((r) => r.lang);
    expect(langs(await search('estudios'), 'sections')).toEqual(['es']);
    expect(langs(await search('grades', 'en-US'), 'sections')).toEqual(['en']);
    expect(langs(await search('fafsa'), 'tasks')).toEqual(['en']);
  });
});
