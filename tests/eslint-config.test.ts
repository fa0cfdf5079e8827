import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 61's written limits that ESLint holds (eslint.config.js, no-restricted-syntax): the project's
 * configuration on a snippet, without type information (the rules need none).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});
const complaints = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('; '));
  return (result?.messages ?? []).map((m) => m.message);
};

describe('no module-level let in src/pages and src/ui (issue 61)', () => {
  it('refuses a let at a module’s top, exported or not, in a page or a component', async () => {
    expect(
      await complaints('src/ui/portal/counter.tsx', 'let n = 0;\nexport const f = () => n++;\n'),
    ).toEqual([expect.stringMatching(/No module-level let/)]);
    expect(await complaints('src/pages/shared/flag.ts', 'export let on = false;\n')).toEqual([
      expect.stringMatching(/No module-level let/),
    ]);
    expect(
      await complaints('src/pages/next-steps/task/use-selected-task-id.ts', 'let last = 0;\n'),
    ).toEqual([expect.stringMatching(/No module-level let/)]);
  });

  it('a let inside a function, and a module-level const, are fine; other folders are not held', async () => {
    const code =
      'export function f() {\n  let n = 0;\n  n += 1;\n  return n;\n}\nexport const k = 1;\n';
    expect(await complaints('src/ui/portal/counter.tsx', code)).toEqual([]);
    expect(
      await complaints('src/lib/counter.ts', 'let n = 0;\nexport const f = () => n++;\n'),
    ).toEqual([]);
  });

  it('the tree has none', async () => {
    const results = await eslint.lintFiles(['src/pages/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}']);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => /module-level let/.test(m.message))
        .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line}`),
    );
    expect(found).toEqual([]);
  });
});

describe('a machine’s snapshot type is SnapshotFrom<typeof its machine> (issue 61)', () => {
  it('refuses a snapshot type written by hand, as a type or an interface', async () => {
    expect(
      await complaints(
        'src/machines/queue.machine.ts',
        'type Snapshot = { context: { n: number } };\nexport const selectN = (s: Snapshot) => s.context.n;\n',
      ),
    ).toEqual([expect.stringMatching(/SnapshotFrom/)]);
    expect(
      await complaints(
        'src/machines/queue.machine.ts',
        'export interface QueueSnapshot { value: string }\n',
      ),
    ).toEqual([expect.stringMatching(/SnapshotFrom/)]);
  });

  it('takes SnapshotFrom', async () => {
    const code =
      "import type { SnapshotFrom } from 'xstate';\nimport { setup } from 'xstate';\nexport const queueMachine = setup({}).createMachine({ id: 'queue' });\ntype Snapshot = SnapshotFrom<typeof queueMachine>;\nexport const selectValue = (s: Snapshot) => s.value;\n";
    expect(await complaints('src/machines/queue.machine.ts', code)).toEqual([]);
  });

  it('no machine of the tree writes its snapshot by hand', async () => {
    const results = await eslint.lintFiles(['src/machines/**/*.ts']);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => /SnapshotFrom/.test(m.message))
        .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line}`),
    );
    expect(found).toEqual([]);
  });
});

describe('routes and data adapters read request.subject or request.actor, never request.user (issue 73)', () => {
  const samples = [
    'server/routes/profile/sample.routes.ts',
    'server/sources/sample.ts',
    'server/demo/adapters.ts',
  ];

  it.each(samples)('refuses request.user and its destructuring in %s', async (file) => {
    const read = 'export const f = (request: { user: { id: number } }) => request.user.id;\n';
    expect(await complaints(file, read)).toEqual([expect.stringMatching(/request\.subject/)]);
    const taken =
      'export const f = (req: { user: number }) => {\n  const { user } = req;\n  return user;\n};\n';
    expect(await complaints(file, taken)).toEqual([expect.stringMatching(/request\.subject/)]);
  });

  it('takes request.subject and request.actor; other folders are not held', async () => {
    const code =
      'export const f = (request: { subject: { id: number }; actor: { capacity: string } }) =>\n  `${request.subject.id}:${request.actor.capacity}`;\n';
    expect(await complaints('server/routes/profile/sample.routes.ts', code)).toEqual([]);
    const guard = 'export const f = (request: { user: number }) => request.user;\n';
    expect(await complaints('server/plugins/sample.ts', guard)).toEqual([]);
  });

  it('no route or data adapter of the tree reads request.user', async () => {
    const results = await eslint.lintFiles([
      'server/routes/**/*.{ts,tsx}',
      'server/sources/**/*.ts',
      'server/demo/adapters.ts',
    ]);
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => /request\.subject/.test(m.message))
        .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line}`),
    );
    expect(found).toEqual([]);
  });
});
