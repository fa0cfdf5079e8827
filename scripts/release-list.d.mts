/** One release of scripts/releases.json: its version, the migrations it ships first, its commit once tagged. */
export interface ReleaseEntry {
  version: string;
  migrations: string[];
  commit?: string;
}

/** The migrations of a folder listing (`012-notify.ts` → `012-notify`), in order. */
export declare function migrationNames(files: readonly string[]): string[];
/** The text under `## <heading>` up to the next `## ` heading; null when there is none. */
export declare function changelogSection(changelog: string, heading: string): string | null;
/** The migration numbers a changelog section lists, one line each (`- 037 …`). */
export declare function migrationLines(section: string): string[];
/** The migrations of the tree no release lists: "Unreleased". */
export declare function unreleasedMigrations(
  releases: readonly ReleaseEntry[],
  migrations: readonly string[],
): string[];
/** Whether the section says the upgrade rolls or needs a brief stop. */
export declare function saysHowItUpgrades(section: string): boolean;
/** What is wrong with the releases list against the tree's migrations and the changelog. */
export declare function listProblems(input: {
  releases: readonly ReleaseEntry[];
  migrations: readonly string[];
  changelog: string;
}): string[];
/** The changelog and releases list of the cut of `version`, or the problems that stop it. */
export declare function cutRelease(input: {
  version: string;
  date: string;
  changelog: string;
  releases: readonly ReleaseEntry[];
  migrations: readonly string[];
}): { problems: string[]; changelog?: string; releases?: ReleaseEntry[] };
