// The tree a benchmark compares this one with, built in the same run: by default the previous
// release (the newest release of scripts/releases.json with a commit), checked out from its commit
// into a temporary git worktree with its own install (its dependencies are its own) and built.
// BENCH_BASELINE_DIR names a tree already built instead; BENCH_BASELINE_REF another commit or tag;
// BENCH_BASELINE=none measures this tree alone.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const releasesSchema = z.array(z.object({ version: z.string(), commit: z.string().optional() }));

export interface BaselineTree {
  /** What was measured: `v1.1.0 (90484b8)`, a ref or the folder given. */
  label: string;
  /** The built tree: its dist/server and dist/client. */
  dir: string;
  /** Removes the temporary worktree, if one was made. */
  remove: () => void;
}

/** The newest release that records its commit: the tree the next release is measured against. */
export function previousRelease(): { ref: string; label: string } | null {
  const releases = releasesSchema.parse(JSON.parse(readFileSync('scripts/releases.json', 'utf8')));
  const tagged = releases.filter((release) => release.commit).at(-1);
  if (!tagged?.commit) return null;
  return { ref: tagged.commit, label: `v${tagged.version} (${tagged.commit.slice(0, 7)})` };
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

/** Checks `ref` out into a temporary worktree, installs its own dependencies and builds it. */
function buildTree(ref: string, label: string): BaselineTree {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-baseline-'));
  git('worktree', 'add', '--detach', dir, commit);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir]);
    rmSync(dir, { recursive: true, force: true });
  };
  for (const step of [
    ['ci', '--no-audit', '--no-fund'],
    ['run', 'build'],
  ]) {
    console.log(`baseline ${label}: npm ${step.join(' ')}`);
    const run = spawnSync('npm', step, { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (run.status !== 0) {
      remove();
      throw new Error(`the baseline ${label} failed at npm ${step.join(' ')}`);
    }
  }
  return { label, dir, remove };
}

/** The baseline of this run, or null when BENCH_BASELINE=none or no release records a commit. */
export function baselineTree(): BaselineTree | null {
  if (process.env.BENCH_BASELINE === 'none') return null;
  const given = process.env.BENCH_BASELINE_DIR;
  if (given) {
    if (!existsSync(path.join(given, 'dist/server/server.js')))
      throw new Error(`BENCH_BASELINE_DIR ${given} has no built server (npm run build there)`);
    return { label: given, dir: path.resolve(given), remove: () => {} };
  }
  const ref = process.env.BENCH_BASELINE_REF;
  if (ref) return buildTree(ref, ref);
  const release = previousRelease();
  return release ? buildTree(release.ref, release.label) : null;
}
