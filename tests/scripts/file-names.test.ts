import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { misnamed } from '../../scripts/file-names.js';

describe('the file-name gate', () => {
  it('fails a camelCase name in the product, its tests and the diagrams named after its machines', () => {
    expect(
      misnamed([
        'src/machines/taskList.machine.ts',
        'tests/machines/taskList.machine.test.ts',
        'docs/statecharts/taskList.md',
        'server/notify/pushSender.ts',
        'src/ui/Modal.tsx',
      ]),
    ).toEqual([
      'src/machines/taskList.machine.ts',
      'tests/machines/taskList.machine.test.ts',
      'docs/statecharts/taskList.md',
      'server/notify/pushSender.ts',
      'src/ui/Modal.tsx',
    ]);
  });

  it('passes kebab-case names with their suffixes, conventional upper-case names and files outside the code', () => {
    expect(
      misnamed([
        'src/machines/task-list.machine.ts',
        'tests/routes/portal/guard.model.test.tsx',
        'server/db/migrations/037-used-once.ts',
        'src/machines/README.md',
        'locales/es/GLOSSARY.md',
        'docs/accessibility/conformance-report.md',
        'public/apple-touch-icon.png',
        'tests/server/fixtures/Sample_Feed.xml',
      ]),
    ).toEqual([]);
  });

  it('every file of the repository is named in kebab-case', () => {
    const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n');
    expect(misnamed(files.filter(Boolean))).toEqual([]);
  });
});
