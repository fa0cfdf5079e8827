// Records what was built and from which commit; `npm start` compares its time with the sources.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

let hash = 'unknown';
try {
  hash = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();
} catch {
  // Not a git checkout: the build still works, it just has no hash to show.
}
writeFileSync(
  'dist/build.json',
  `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`,
);
