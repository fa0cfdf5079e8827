import type { ReleaseEntry } from './release-list.mjs';

export type { ReleaseEntry };
export declare const RELEASES_FILE: string;
export declare function releaseProblems(input: {
  version: string;
  changelog: string;
  tags: readonly string[];
  dirty: boolean;
  releases?: readonly ReleaseEntry[];
  migrations?: readonly string[];
}): string[];
/** The releases whose tag is missing from `tags`, each with the commit it was cut from. */
export declare function missingTags(
  releases: readonly ReleaseEntry[],
  tags: readonly string[],
): ReleaseEntry[];
