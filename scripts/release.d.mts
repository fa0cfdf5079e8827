/** One release of scripts/releases.json: its version, the migrations it ships, its commit once tagged. */
export interface ReleaseEntry {
  version: string;
  migrations: string[];
  commit?: string;
}

export declare const RELEASES_FILE: string;
/** The migrations of a folder listing (`012-notify.ts` → `012-notify`), in order. */
export declare function migrationNames(files: readonly string[]): string[];
/** The text under `## <heading>` up to the next `## ` heading; null when there is none. */
export declare function changelogSection(changelog: string, heading: string): string | null;
/** The migrations of `added` the section does not name. */
export declare function unnamedMigrations(section: string, added: readonly string[]): string[];
/** Whether the section says the upgrade rolls or needs a brief stop. */
export declare function saysHowItUpgrades(section: string): boolean;
/** The migrations added since the release before index `before` (the last one by default). */
export declare function addedSince(
  releases: readonly ReleaseEntry[],
  migrations: readonly string[],
  before?: number,
): string[];
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
