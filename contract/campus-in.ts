import type { Building } from './buildings.schema.js';
import { mapUrlAt } from './buildings.schema.js';
import type {
  CampusConfig,
  LocalizedLink,
  LocalizedText,
  ServerCampus,
} from './campus-config.schema.js';
import type { Language } from './language.schema.js';

/**
 * The campus configuration (`campus-config.schema.ts`) as a reader of one language gets it: each
 * text in their version, the records' and buildings' names in theirs where the campus gave them.
 */

/** A text in `language`: its own version, else the English. */
const textIn = (text: LocalizedText, language: Language): string =>
  typeof text === 'string' ? text : (text[language] ?? text.en);

/** The campus's names for the records' values in `language` (none in English: the records' own). */
function namesIn(names: CampusConfig['recordNames'], language: Language): Record<string, string> {
  if (language === 'en') return {};
  return Object.fromEntries(
    Object.entries(names).flatMap(([value, own]) =>
      own[language] ? [[value, own[language]]] : [],
    ),
  );
}

/** The buildings' own names in `language`, by their English names (none in English). */
function buildingNamesIn(buildings: CampusConfig['buildings'], language: Language) {
  return Object.fromEntries(
    buildings.flatMap(({ name }) => {
      const own = typeof name === 'string' || language === 'en' ? undefined : name[language];
      return own === undefined ? [] : [[textIn(name, 'en'), own]];
    }),
  );
}

/** The campus configuration as a reader of `language` gets it: each text in their version. */
export function campusIn(config: CampusConfig, language: Language): ServerCampus {
  // A building's name in the reader's language is a record name too: the records write the English.
  const names = {
    ...buildingNamesIn(config.buildings, language),
    ...namesIn(config.recordNames, language),
  };
  // A label the campus gave only in English reads as its record name in the reader's language
  // when the campus gave one (a tool's), else in English, marked so for a reader of another.
  const label = (text: LocalizedText): { label: string; lang?: 'en' } => {
    if (language === 'en' || (typeof text !== 'string' && text[language] !== undefined))
      return { label: textIn(text, language) };
    const english = textIn(text, 'en');
    const own = Object.hasOwn(names, english) ? names[english] : undefined;
    return own === undefined ? { label: english, lang: 'en' } : { label: own };
  };
  const links = (list: LocalizedLink[]) => list.map((link) => ({ ...link, ...label(link.label) }));
  const { phoneLabel, ...safety } = config.safety;
  const buildings = config.buildings.map(({ accessibleEntrance, ...b }): Building => {
    const name = label(b.name);
    const english = textIn(b.name, 'en');
    const aka = [...(b.aka ?? []), ...(name.label === english ? [] : [english])];
    return {
      ...b,
      name: name.label,
      ...(name.lang && { lang: name.lang }),
      ...(aka.length > 0 && { aka }),
      ...(accessibleEntrance && { accessibleEntrance: textIn(accessibleEntrance, language) }),
      mapUrl: mapUrlAt(config.maps.placeUrl, b.latitude, b.longitude),
    };
  });
  return {
    ...config,
    productName: textIn(config.productName, language),
    universityName: textIn(config.universityName, language),
    schoolTools: links(config.schoolTools),
    supportAndHelp: links(config.supportAndHelp),
    eventSites: links(config.eventSites),
    academics: { ...config.academics, employeeLinks: links(config.academics.employeeLinks) },
    recordNames: names,
    buildings,
    safety:
      phoneLabel === undefined ? safety : { ...safety, phoneLabel: textIn(phoneLabel, language) },
  };
}
