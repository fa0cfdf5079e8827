import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const json = (file: string) =>
  JSON.parse(readFileSync(file, 'utf8')) as {
    scripts?: Record<string, string>;
    packages?: Record<string, { hasInstallScript?: boolean }>;
  };

describe('the step that brings Node.js (issue 62): whatever npm’s allowScripts default', () => {
  it('is the project’s own postinstall, never an install script of the package that brings Node', () => {
    const runtime = json('scripts/node-runtime/package.json');
    for (const hook of ['preinstall', 'install', 'postinstall', 'prepare']) {
      expect(runtime.scripts?.[hook], hook).toBeUndefined();
    }
    const lock = json('package-lock.json');
    expect(lock.packages?.['node_modules/campus-portal-node']?.hasInstallScript).toBeUndefined();
    expect(json('package.json').scripts?.postinstall).toBe(
      'cd node_modules/campus-portal-node && sh ./bring.sh',
    );
  });
});
