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

describe('queries only in repositories: raw SQL by every door (issue 71)', () => {
  const QUERIES = /Queries live in server\/db\/repositories/;
  it('refuses CompiledQuery, executeQuery and a sql tag reached through a namespace import, outside the repositories', async () => {
    const compiled =
      "import { CompiledQuery } from 'kysely';\nexport const f = (db: { executeQuery: (q: unknown) => unknown }) => db.executeQuery(CompiledQuery.raw('select 1'));\n";
    const namespace =
      "import * as k from 'kysely';\nexport const f = (db: never) => k.sql`select 1`.execute(db);\n";
    const executor =
      'export const f = (db: { executeQuery: (q: unknown) => unknown }, q: unknown) => db.executeQuery(q);\n';
    for (const file of ['server/routes/api/report.ts', 'server/plugins/app/report.ts']) {
      expect(await complaints(file, compiled), file).toEqual([
        expect.stringMatching(QUERIES),
        expect.stringMatching(QUERIES),
        expect.stringMatching(QUERIES),
      ]);
      expect(await complaints(file, namespace), file).toEqual([
        expect.stringMatching(QUERIES),
        expect.stringMatching(QUERIES),
      ]);
      expect(await complaints(file, executor), file).toEqual([expect.stringMatching(QUERIES)]);
    }
  });

  it('type imports from kysely are fine, and the repositories and migrations may run raw SQL', async () => {
    const types =
      "import type { CompiledQuery, Selectable } from 'kysely';\nimport { type Kysely } from 'kysely';\nexport type A = CompiledQuery | Selectable<{ a: 1 }> | Kysely<never>;\n";
    expect(await complaints('server/plugins/app/types.ts', types)).toEqual([]);
    const raw =
      "import { CompiledQuery } from 'kysely';\nexport const f = (db: { executeQuery: (q: unknown) => unknown }) => db.executeQuery(CompiledQuery.raw('select 1'));\n";
    expect(await complaints('server/db/repositories/report.repository.ts', raw)).toEqual([]);
    expect(await complaints('server/db/migrations/099-report.ts', raw)).toEqual([]);
  });
});

/** The i18n rule alone (scripts/eslint-i18n.js), on a snippet. */
const i18nLint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'i18n/no-literal-text',
});
const literalTexts = async (filePath: string, code: string) => {
  const [result] = await i18nLint.lintText(code, { filePath: path.join(ROOT, filePath) });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('; '));
  return (result?.messages ?? []).map((m) => /"([^"]*)"/.exec(m.message)?.[1]);
};

describe('no literal text in the interface: ternaries, templates and returned words (issue 71)', () => {
  it('finds the text of either branch of a ternary, a fallback and a template literal in the JSX', async () => {
    const code =
      "export const Aid = ({ on, n }: { on: boolean; n: number }) => (\n  <p aria-label={on ? 'Open aid' : 'Closed'}>\n    {on ? 'Aid pending' : 'No aid'}\n    {`${n} credits left`}\n    {on && 'Due soon'}\n  </p>\n);\n";
    expect(await literalTexts('src/ui/portal/aid.tsx', code)).toEqual([
      'Open aid',
      'Closed',
      'Aid pending',
      'No aid',
      'credits left',
      'Due soon',
    ]);
  });

  it('finds words a function returns for the JSX, in a .ts or a .tsx file', async () => {
    const code =
      "export const aidLabel = (on: boolean) => (on ? 'Aid pending' : 'No aid');\nexport function due(late: boolean) {\n  if (late) return 'Your balance is overdue.';\n  return '';\n}\n";
    expect(await literalTexts('src/pages/portal/finances/aid-label.ts', code)).toEqual([
      'Aid pending',
      'No aid',
      'Your balance is overdue.',
    ]);
    expect(await literalTexts('src/ui/portal/aid.tsx', code)).toHaveLength(3);
  });

  it('leaves class names, ids, keys, constants, paths and addresses alone', async () => {
    const code =
      "export const Aid = ({ on, n }: { on: boolean; n: number }) => (\n  <p className={on ? 'aid is-on' : 'aid'} id={`aid-${n}`} key={on ? 'a' : 'b'}>{n}</p>\n);\nexport const kind = (on: boolean) => (on ? 'aid-pending btn' : 'SKIP_WAITING');\nexport const where = (id: number) => `/api/aid/${id}`;\nexport function link() {\n  return 'https://www.example.edu/Financial Aid';\n}\nexport const key = () => 'portal.holdDismissed.';\nexport const name = () => 'fallTerm';\n";
    expect(await literalTexts('src/ui/portal/aid.tsx', code)).toEqual([]);
    expect(
      await literalTexts('src/pages/portal/aid-kind.ts', code.split('\n').slice(3).join('\n')),
    ).toEqual([]);
  });

  it('text inside a message, and the untranslated inspector, are not held', async () => {
    const code =
      "import { Trans } from '@lingui/react/macro';\nexport const A = () => <p><Trans>Aid pending</Trans></p>;\nexport const label = () => 'Aid pending';\n";
    expect(await literalTexts('src/ui/portal/aid.tsx', code)).toEqual(['Aid pending']);
    expect(await literalTexts('src/inspector/aid.tsx', code)).toEqual([]);
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

  // Issue 88: every way of reaching the session's person, each a sample that must fail the gate.
  const sessionReads = {
    'request.auth': 'export const f = (request: { auth: unknown }) => request.auth;\n',
    'request.auth.user':
      'export const f = (request: { auth: { user: { id: number } } }) => request.auth.user.id;\n',
    "request['auth']": "export const f = (request: { auth: unknown }) => request['auth'];\n",
    'const { auth } = request':
      'export const f = (request: { auth: number }) => {\n  const { auth } = request;\n  return auth;\n};\n',
    'a handler taking { auth } apart': 'export const f = ({ auth }: { auth: number }) => auth;\n',
  };
  it.each(Object.entries(sessionReads))(
    'refuses %s in a route and in a data adapter',
    async (_name, code) => {
      for (const file of samples)
        expect(await complaints(file, code), file).toEqual([
          expect.stringMatching(/request\.auth/),
        ]);
    },
  );

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
