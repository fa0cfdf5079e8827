import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's tree names every top-level folder of the repository and every folder of
 * server/, each at the start of a line of its own (issue 77): a folder added to the tree without a
 * line there fails this test.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The fenced block under the page's "## The tree" heading. */
export function treeOf(markdown: string): string {
  const section = markdown.split(/^## The tree$/m)[1] ?? '';
  return /^```\n([\s\S]*?)^```$/m.exec(section)?.[1] ?? '';
}

/** The folders the tree gives a line: `top/` at the margin, `server/<name>/` two spaces in under server/. */
export function foldersOf(tree: string): { top: Set<string>; server: Set<string> } {
  const top = new Set<string>();
  const server = new Set<string>();
  let under = '';
  for (const line of tree.split('\n')) {
    const margin = /^([\w.-]+)\/(?:\s|$)/.exec(line)?.[1];
    if (margin !== undefined) {
      top.add(margin);
      under = margin;
      continue;
    }
    const inner = /^ {2}([\w.-]+)\/(?:\s|$)/.exec(line)?.[1];
    if (inner !== undefined && under === 'server') server.add(inner);
  }
  return { top, server };
}

/** The folders a tree leaves out, as `name/` and `server/name/`. */
export function missingFolders(
  tree: string,
  folders: { top: readonly string[]; server: readonly string[] },
): string[] {
  const listed = foldersOf(tree);
  return [
    ...folders.top.filter((name) => !listed.top.has(name)).map((name) => `${name}/`),
    ...folders.server.filter((name) => !listed.server.has(name)).map((name) => `server/${name}/`),
  ];
}

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.includes('/'));
const folders = {
  top: [...new Set(tracked.map((file) => file.split('/')[0]!))].sort(),
  server: [
    ...new Set(
      tracked.filter((file) => /^server\/[^/]+\//.test(file)).map((file) => file.split('/')[1]!),
    ),
  ].sort(),
};

describe("docs/architecture.md's tree matches the repository (issue 77)", () => {
  it('names every top-level folder and every server folder on a line of its own', () => {
    const tree = treeOf(readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(folders.top).toContain('server');
    expect(folders.server).toContain('notify');
    expect(missingFolders(tree, folders)).toEqual([]);
  });

  it('reports a folder the tree leaves out, or names only in the middle of a line', () => {
    const sample = [
      '## The tree',
      '',
      '```',
      'server/        the server',
      '  routes/      handlers; notify/ reminders',
      'src/           the apps',
      '```',
    ].join('\n');
    expect(
      missingFolders(treeOf(sample), {
        top: ['server', 'src', 'worker'],
        server: ['routes', 'notify'],
      }),
    ).toEqual(['worker/', 'server/notify/']);
  });
});
