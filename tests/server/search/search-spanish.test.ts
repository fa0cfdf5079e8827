import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import type {
  SearchReader,
  SearchRepository,
} from '../../../server/db/repositories/search.repository.js';
import type { Segment } from '../../../server/db/repositories/search-match.js';
import { fts5MatchSpanish, tsQuerySpanish } from '../../../server/db/repositories/search-match.js';
import { searchWords } from '../../../server/search/search-query.js';
import { TEST_BUDGET, searchOn, searchStores } from './search-stores.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const text = (segments: Segment[]) => segments.map((s) => s.text).join('');
const matched = (segments: Segment[]) => segments.filter((s) => s.match).map((s) => s.text);
const reader: SearchReader = { userId: 1, username: 'lector', roles: [], hiddenCategories: [] };

describe('the Spanish index’s terms (issue 76)', () => {
  it('stems each word in Spanish with its accents folded and matches the stem as a start', () => {
    expect(fts5MatchSpanish(['estudios', 'matrículas', 'de'])).toBe('"estudi"* "matricul"* "de"');
    expect(tsQuerySpanish(['matrícula', 'año'])).toBe('matricula:* & ano:*');
  });
});

/**
 * Issue 76, search understands Spanish: a Spanish reader searches the Spanish index (migration
 * 045-search-spanish), which holds each message's Spanish where the staff wrote one and its English
 * otherwise, and is kept by the store as the rows change.
 */
describe.each(searchStores('search_es'))('search in Spanish on $name', ({ open }) => {
  let database: Database;
  let search: SearchRepository;
  const find = (query: string, language: 'en' | 'es' = 'es') =>
    search.search(reader, searchWords(query), now, { ...TEST_BUDGET, language });
  const titles = async (query: string, language: 'en' | 'es' = 'es') =>
    (await find(query, language)).messages.map((m) => text(m.title)).sort();

  beforeAll(async () => {
    database = await open();
    search = searchOn(database);
    const message = (title: string, body: string, translations: object) =>
      database.db
        .insertInto('messages')
        .values({
          title,
          body,
          created_on: now.toISOString(),
          audience: 'everyone',
          translations: JSON.stringify(translations),
        })
        .execute();
    await message('Tuition payment plans', 'Pay in four parts.', {
      es: { title: 'Planes de pago de la matrícula', body: 'Pague en cuatro partes.' },
    });
    await message('Study abroad fair', 'Meet the programs.', {
      es: { title: 'Feria de estudios en el extranjero', body: 'Conozca los programas.' },
    });
    await message('Parking permits', 'Renew yours by Friday.', {});
  });
  afterAll(async () => database.close());

  it('Spanish words find their page by their stem, accents or none, and the result is named in Spanish', async () => {
    expect(await titles('estudios')).toEqual(['Feria de estudios en el extranjero']);
    expect(await titles('estudio')).toEqual(['Feria de estudios en el extranjero']);
    expect(await titles('matricula')).toEqual(['Planes de pago de la matrícula']);
    expect(await titles('MATRÍCULAS')).toEqual(['Planes de pago de la matrícula']);
    expect(await titles('pagos')).toEqual(['Planes de pago de la matrícula']);
    const { messages } = await find('matrícula');
    expect(matched(messages[0]!.title)).toEqual(['matrícula']);
  });

  it('a row with no Spanish is found by its English words, and an English reader keeps the English index', async () => {
    expect(await titles('parking')).toEqual(['Parking permits']);
    expect(await titles('tuition', 'en')).toEqual(['Tuition payment plans']);
    expect(await titles('matricula', 'en')).toEqual([]);
  });

  it('each result says its language: Spanish where the staff wrote it, English otherwise and for an English reader', async () => {
    const langs = async (query: string, language: 'en' | 'es' = 'es') =>
      (await find(query, language)).messages.map((m) => [text(m.title), m.lang]);
    expect(await langs('matricula')).toEqual([['Planes de pago de la matrícula', 'es']]);
    expect(await langs('parking')).toEqual([['Parking permits', 'en']]);
    expect(await langs('tuition', 'en')).toEqual([['Tuition payment plans', 'en']]);
  });

  it('the Spanish index follows the rows: a Spanish version written later is found, a deleted row is not', async () => {
    await database.db
      .updateTable('messages')
      .set({ translations: JSON.stringify({ es: { title: 'Permisos de estacionamiento' } }) })
      .where('title', '=', 'Parking permits')
      .execute();
    expect(await titles('estacionamiento')).toEqual(['Permisos de estacionamiento']);
    await database.db.deleteFrom('messages').where('title', '=', 'Parking permits').execute();
    expect(await titles('estacionamiento')).toEqual([]);
  });
});
