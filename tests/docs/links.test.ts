import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Marked } from 'marked';
import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own documentation — the README and everything under docs/ — links only inside the
 * repository: every relative link names a file or folder that exists, never one above the repository,
 * and an anchor names a heading of the file it points to.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return markdownUnder(full);
    return name.endsWith('.md') ? [full] : [];
  });
}

const DOCUMENTS = [path.join(ROOT, 'README.md'), ...markdownUnder(path.join(ROOT, 'docs'))];

/** Every link and image address of a Markdown text, as marked reads it (reference links included). */
export function linksOf(markdown: string): string[] {
  const marked = new Marked();
  const found: string[] = [];
  void marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    const href: unknown = token.type === 'link' || token.type === 'image' ? token.href : undefined;
    if (typeof href === 'string') found.push(href);
  });
  return found;
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
export function anchorsOf(markdown: string): Set<string> {
  const marked = new Marked();
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  void marked.walkTokens(marked.lexer(markdown), (token: Token) => {
    const text: unknown = token.type === 'heading' ? token.text : undefined;
    if (typeof text !== 'string') return;
    const slug = text
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  });
  return anchors;
}

/** Why a link of `from` is broken, or null when it is fine (an absolute address is not checked). */
export function problemOf(from: string, href: string, root: string = ROOT): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
  if (href.startsWith('/')) return 'a path from the site root: write it relative to this file';
  const [target = '', anchor] = href.split('#');
  const file = target === '' ? from : path.resolve(path.dirname(from), decodeURI(target));
  const inside = path.relative(root, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor)) {
    return `no heading #${anchor}`;
  }
  return null;
}

describe('The documentation links', () => {
  it.each(DOCUMENTS.map((file) => [path.relative(ROOT, file), file]))(
    '%s links only to files of the repository that exist',
    (_name, file) => {
      const broken = linksOf(readFileSync(file, 'utf8'))
        .map((href) => ({ href, problem: problemOf(file, href) }))
        .filter((link) => link.problem !== null);
      expect(broken).toEqual([]);
    },
  );

  it('the README and docs/ name no document outside the repository, in a link or in code', () => {
    const outside = DOCUMENTS.filter((file) => /\.\.\/shared\//.test(readFileSync(file, 'utf8')));
    expect(outside.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it('the README links the product, configuration, operations, security, architecture and development documents', () => {
    const links = linksOf(readFileSync(path.join(ROOT, 'README.md'), 'utf8'));
    for (const doc of [
      'docs/product.md',
      'docs/configuration.md',
      'docs/operations.md',
      'docs/security.md',
      'docs/architecture.md',
      'docs/development.md',
    ]) {
      expect(links).toContain(doc);
    }
  });

  it('a link to a missing file, above the repository or to a missing heading counts as broken', () => {
    const readme = path.join(ROOT, 'README.md');
    expect(problemOf(readme, '../shared/spec/portal.md')).toBe('outside the repository');
    expect(problemOf(readme, 'docs/no-such-guide.md')).toBe('no such file');
    expect(problemOf(readme, '/docs/product.md')).toMatch(/site root/);
    expect(problemOf(readme, 'CHANGELOG.md#no-such-heading')).toBe('no heading #no-such-heading');
    expect(problemOf(readme, 'CHANGELOG.md#changelog')).toBeNull();
    expect(problemOf(readme, 'https://example.edu/elsewhere')).toBeNull();
  });

  it('reads reference links and images as links, and makes GitHub heading anchors', () => {
    expect(linksOf('[a][ref] ![b](pic.png)\n\n[ref]: docs/x.md')).toEqual(['docs/x.md', 'pic.png']);
    expect([
      ...anchorsOf('# Back up and restore\n## `SESSION_SECRET` — rotate\n# Back up and restore'),
    ]).toEqual(['back-up-and-restore', 'session_secret--rotate', 'back-up-and-restore-1']);
  });
});

describe('the README', () => {
  it('is at most 150 lines: what the portal is, the two commands, what you get, where to go next', () => {
    const lines = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(150);
  });
});

/**
 * Issue 61: every path a comment of the product's code or a README names exists. A path is a name
 * with at least one folder and a file's extension (`plugins/app/session.ts`,
 * `src/lib/time.ts`); it may be written from the file's folder or from any folder above it up to
 * the repository (a comment in server/ says `plugins/app/session.ts`), and `.js` names the
 * TypeScript file it is built from. Build output (`dist/…`) is not in the repository to check.
 */
const PATH_NAMED =
  /(?<![\w./@:-])((?:\.{1,2}\/)?(?:[\w-][\w.-]*\/)+[\w.-]+\.(?:ts|tsx|js|mjs|cjs|json|md|css|sql|html|ya?ml|sh))(?![\w/-])/g;

/** The comments of a source text, line by line (a `//` line, a block comment's lines, a trailing `// …`). */
export function commentsOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (/^(\/\/|\/\*|\*)/.test(trimmed)) out.push(trimmed);
    else if (line.includes(' // ')) out.push(line.slice(line.indexOf(' // ')));
  }
  return out;
}

/** The paths `text` (a README, or a source file's comments) names that exist nowhere `file` could mean. */
export function missingPaths(file: string, text: string, root: string = ROOT): string[] {
  const folders: string[] = [];
  for (let dir = path.dirname(path.resolve(root, file)); ; dir = path.dirname(dir)) {
    folders.push(dir);
    if (dir === root || dir === path.dirname(dir)) break;
  }
  const named = [...text.matchAll(PATH_NAMED)].map((m) => m[1] ?? '');
  return named.filter((name) => {
    if (/^(\.\/)?dist\//.test(name)) return false;
    const spellings = [name, name.replace(/\.js$/, '.ts'), name.replace(/\.js$/, '.tsx')];
    return !folders.some((dir) => spellings.some((s) => existsSync(path.resolve(dir, s))));
  });
}

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
const READMES = tracked.filter((file) => /(^|\/)README\.md$/.test(file));
const SOURCES = tracked.filter((file) =>
  /^(contract|src|server|worker|scripts)\/.*\.(ts|tsx|js|mjs|css)$/.test(file),
);

describe('the paths comments and READMEs name (issue 61)', () => {
  it('every path a README names exists', () => {
    const missing = READMES.flatMap((file) =>
      missingPaths(file, readFileSync(path.join(ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every path a comment of the product names exists', () => {
    const missing = SOURCES.flatMap((file) =>
      missingPaths(file, commentsOf(readFileSync(path.join(ROOT, file), 'utf8')).join('\n')).map(
        (p) => `${file}: ${p}`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('a path renamed or moved away counts as missing, from the file’s folder or any folder above', () => {
    const comments = commentsOf(
      [
        '// Sessions: plugins/session.ts, now plugins/app/session.ts.',
        'const a = 1; // see src/lib/time.js',
        " * and '../config.ts', https://example.edu/a/b.ts, @fastify/autoload, dist/server/server.js",
        "const b = 'plugins/nowhere.ts';",
      ].join('\n'),
    );
    expect(missingPaths('server/plugins/app/data-sources.ts', comments.join('\n'))).toEqual([
      'plugins/session.ts',
    ]);
    expect(
      missingPaths('README.md', 'Run `src/machines/no-such.machine.ts` or docs/product.md'),
    ).toEqual(['src/machines/no-such.machine.ts']);
  });
});
