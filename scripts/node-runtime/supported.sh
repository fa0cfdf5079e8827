# The Node.js lines the portal supports, read from their one source: `engines.node` in the project's
# package.json (the file `package_json` names), e.g. `^22.19.0 || ^24.0.0`. Sourced by bring.sh and
# .ci/run; sets `engines` (the range as written), `supported_lines` (the majors, space-separated,
# oldest first), `oldest_major` and `oldest_minor` (the oldest release the range lets in) and
# `supported_words` and `supported_words_or` (the majors as a sentence says them: "22 and 24", "22 or 24").
engines="$(sed -n '/"engines"/,/}/s/.*"node": *"\([^"]*\)".*/\1/p' "$package_json" | head -n 1)"
if [ -z "$engines" ]; then
  echo "campus-portal: $package_json names no engines.node" >&2
  exit 1
fi
supported_lines="$(echo "$engines" | grep -o '\^[0-9]*' | tr -d '^' | tr '\n' ' ' | sed 's/ $//')"
oldest="$(echo "$engines" | grep -o '\^[0-9][0-9.]*' | head -n 1 | tr -d '^')"
oldest_major="$(echo "$oldest" | cut -d. -f1)"
oldest_minor="$(echo "$oldest" | cut -d. -f2)"
supported_words="$(echo "$supported_lines" | sed 's/ /, /g; s/, \([0-9]*\)$/ and \1/')"
supported_words_or="$(echo "$supported_words" | sed 's/ and / or /')"
