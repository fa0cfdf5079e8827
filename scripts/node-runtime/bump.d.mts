export declare const BRING: string;
/** The version bring.sh names. */
export declare function broughtVersion(script: string): string;
/** The newest version of `major`'s line among the registry's versions; pre-releases left out. */
export declare function newestOfLine(
  versions: readonly string[],
  major: string | number,
): string | undefined;
/** bring.sh with `version` brought instead. */
export declare function withVersion(script: string, version: string): string;
/** The changelog with the bump said under "Unreleased" → "### Changed". */
export declare function withChangelogLine(changelog: string, from: string, to: string): string;
