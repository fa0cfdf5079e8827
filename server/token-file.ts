import { readFileSync } from 'node:fs';

/** A token file is a token, not a document: anything longer is refused unread. */
const TOKEN_FILE_MAX_BYTES = 16 * 1024;

/**
 * `--token-file <path>` of `config:check` and `sis:check` (issue 91): a test student's access token
 * from the campus provider, for PeopleSoft read as the student. Undefined without the flag; the
 * reason in words when the file is missing, empty or too large.
 */
export function tokenFileArgument(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--token-file');
  if (at < 0) return undefined;
  const file = argv[at + 1];
  if (!file) throw new Error('--token-file needs a file holding the access token');
  let text: string;
  try {
    const bytes = readFileSync(file);
    if (bytes.length > TOKEN_FILE_MAX_BYTES)
      throw new Error(`--token-file: ${file} is over ${TOKEN_FILE_MAX_BYTES} bytes`);
    text = bytes.toString('utf8').trim();
  } catch (err) {
    if (err instanceof Error && 'code' in err)
      throw new Error(`--token-file: cannot read ${file} (${String(err.code)})`, { cause: err });
    throw err;
  }
  if (text === '') throw new Error(`--token-file: ${file} is empty`);
  return text;
}

/** `--token-file`'s token for a command-line tool; a bad file is said on stderr and the tool exits 1. */
export function tokenFileOrExit(argv: readonly string[]): string | undefined {
  try {
    return tokenFileArgument(argv);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
