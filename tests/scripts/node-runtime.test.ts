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

describe('npm run node:bump (scripts/node-runtime/bump.mjs)', () => {
  it('picks the newest release of the brought line, not a newer line nor a pre-release, by number not by text', async () => {
    const { newestOfLine } = await import('../../scripts/node-runtime/bump.mjs');
    const registry = ['22.23.3', '24.9.0', '24.10.1', '24.21.0', '25.0.0', '24.22.0-rc.1'];
    expect(newestOfLine(registry, '24')).toBe('24.21.0');
    expect(newestOfLine(registry, 22)).toBe('22.23.3');
    expect(newestOfLine(registry, 26)).toBeUndefined();
  });

  it('rewrites only bring.sh’s version line, which names the version the install brings today', async () => {
    const { broughtVersion, withVersion } = await import('../../scripts/node-runtime/bump.mjs');
    const script = readFileSync('scripts/node-runtime/bring.sh', 'utf8');
    const today = broughtVersion(script);
    expect(today).toMatch(/^24\.\d+\.\d+$/);
    const bumped = withVersion(script, '24.99.1');
    expect(broughtVersion(bumped)).toBe('24.99.1');
    expect(bumped.replace('24.99.1', today)).toBe(script);
  });

  it('says the bump under Unreleased → Changed, making the section when it is missing, and leaves released entries alone', async () => {
    const { withChangelogLine } = await import('../../scripts/node-runtime/bump.mjs');
    const released = '## 1.1.0 - 2026-11-26\n\n### Changed\n\n- Old.\n';
    const bare = `# Changelog\n\n## Unreleased\n\n### Added\n\n- New.\n\n${released}`;
    const once = withChangelogLine(bare, '24.21.0', '24.22.0');
    expect(once).toContain(
      "### Added\n\n- New.\n\n### Changed\n\n- The install brings Node.js 24.22.0 where the machine's Node.js is older than 22 (was 24.21.0).\n\n## 1.1.0",
    );
    const twice = withChangelogLine(once, '24.22.0', '24.23.0');
    expect(twice).toContain('### Changed\n\n- The install brings Node.js 24.23.0');
    expect(twice.endsWith(released)).toBe(true);
  });
});
