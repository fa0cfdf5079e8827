// docs/configuration.md's part of each variant list (SIS adapters, LMS sources), written from the
// variants' own docs fragments: a sentence per variant, then a table of every variant's variables.
// `npm run docs:variants` writes them between their markers; tests/docs/variant-docs.test.ts fails
// while the page says other than the modules.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { LMS_SOURCE_SETTINGS } from '../server/coursework/sources/settings.js';
import { SIS_ADAPTER_SETTINGS } from '../server/sis/adapters/settings.js';

interface Fragment {
  docs: { intro: string; rows: Record<string, [string, string]> };
}

/** Each list: its marker in the page and its variants by name. */
export const VARIANT_LISTS: ReadonlyArray<{ marker: string; list: Record<string, Fragment> }> = [
  { marker: 'sis-adapters', list: SIS_ADAPTER_SETTINGS },
  { marker: 'lms-sources', list: LMS_SOURCE_SETTINGS },
];

export const PAGE = path.resolve(import.meta.dirname, '../docs/configuration.md');

/** One list's part: its sentences and its variables' table. */
function part(list: Record<string, Fragment>): string {
  const fragments = Object.values(list);
  const sentences = fragments.map(({ docs }) => `- ${docs.intro}`);
  const rows = fragments.flatMap(({ docs }) =>
    Object.entries(docs.rows).map(
      ([name, [fallback, text]]) => `| \`${name}\` | ${fallback} | ${text} |`,
    ),
  );
  const table = rows.length
    ? ['', '| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows]
    : [];
  return [...sentences, ...table].join('\n');
}

/** The page with each list's part written between its markers, formatted as the repository's. */
export async function writtenPage(page: string): Promise<string> {
  let text = page;
  for (const { marker, list } of VARIANT_LISTS) {
    const open = `<!-- ${marker}: written by npm run docs:variants -->`;
    const close = `<!-- /${marker} -->`;
    const from = text.indexOf(open);
    const to = text.indexOf(close);
    if (from < 0 || to < from) throw new Error(`${PAGE}: no ${open} … ${close}`);
    text = `${text.slice(0, from + open.length)}\n\n${part(list)}\n\n${text.slice(to)}`;
  }
  return format(text, { ...(await resolveConfig(PAGE)), filepath: PAGE });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = readFileSync(PAGE, 'utf8');
  writeFileSync(PAGE, await writtenPage(page));
  console.log(`docs:variants: ${VARIANT_LISTS.length} list(s) written in ${PAGE}`);
}
