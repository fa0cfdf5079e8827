import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's ESLint configuration on a snippet, its rule alone and without type information (it needs none,
 * and building a TypeScript program per call is slow on a busy machine); a snippet that does not
 * parse fails the test with the parser's words rather than passing as "no literal found".
 */
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { project: null, projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'i18n/no-literal-text',
});
const lint = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length > 0) throw new Error(fatal.map((m) => m.message).join('; '));
  return (result?.messages ?? []).filter((m) => m.ruleId === 'i18n/no-literal-text');
};

describe('the catalogue check (issue 59)', () => {
  it('fails on a literal string added to a translated page, in a text node or a user-facing attribute', async () => {
    const file = 'src/ui/next-steps/no-checklist.tsx';
    expect(await lint(file, 'export const A = () => <p>Back to the portal</p>;\n')).toHaveLength(1);
    expect(
      await lint(file, 'export const A = () => <button aria-label="Close" type="button" />;\n'),
    ).toHaveLength(1);
    expect(await lint(file, "export const A = () => <p>{'Overdue'}</p>;\n")).toHaveLength(1);
  });

  it('lets a message of the catalogue, punctuation and code-only attributes pass', async () => {
    const file = 'src/ui/next-steps/no-checklist.tsx';
    const code = [
      "import { Trans } from '@lingui/react/macro';",
      'export const A = () => (',
      '  <p className="x" id="y">',
      '    <Trans>Back to the portal</Trans> · {1}',
      '  </p>',
      ');',
      '',
    ].join('\n');
    expect(await lint(file, code)).toEqual([]);
  });

  it('leaves the folders listed as untranslated alone (the statecharts inspector, a developer’s tool)', async () => {
    expect(
      await lint('src/inspector/panel.tsx', 'export const A = () => <p>Privacy</p>;\n'),
    ).toEqual([]);
  });

  it('fails on a message missing in es', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
    const po = (language: string, msgstr: string) =>
      [
        'msgid ""',
        'msgstr ""',
        `"Language: ${language}\\n"`,
        '',
        'msgid "Next Steps"',
        `msgstr "${msgstr}"`,
        '',
      ].join('\n');
    for (const [language, msgstr] of [
      ['en', 'Next Steps'],
      ['es', ''],
    ] as const) {
      mkdirSync(path.join(dir, language));
      writeFileSync(path.join(dir, language, 'messages.po'), po(language, msgstr));
    }
    const config = path.join(dir, 'lingui.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        sourceLocale: 'en',
        locales: ['en', 'es'],
        fallbackLocales: { default: 'en' },
        catalogs: [{ path: `${dir}/{locale}/messages`, include: [dir] }],
      }),
    );
    const check = (extra: string[]) =>
      spawnSync(
        'npx',
        [
          'lingui',
          'check',
          'missing',
          '--mode',
          'catalog',
          '--locale',
          'es',
          '--config',
          config,
          ...extra,
        ],
        { encoding: 'utf8' },
      );
    expect(check([]).status).not.toBe(0);
    writeFileSync(path.join(dir, 'es', 'messages.po'), po('es', 'Próximos pasos'));
    expect(check([]).status).toBe(0);
  }, 60_000);
});
