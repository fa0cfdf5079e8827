# Runs at the end of `npm install` and `npm ci`, as the project's own postinstall (package.json), in
# this package's installed copy (node_modules/campus-portal-node). Not an install script of this
# package: npm's allowScripts policy (advisory in npm 11, blocking from npm 12) covers dependencies'
# scripts, never the project's own, so this step runs whatever its default. When the machine's
# Node.js is older than the oldest supported line, it brings a supported one from the npm registry
# (node-<os>-<arch>, the official binary and headers) into ./dist; the wrapper then runs it.
set -eu
NODE_VERSION=24.21.0
here="$(pwd)"
# The supported lines are the project's `engines` (its package.json, two folders up whether npm linked
# this package or copied it).
package_json="$here/../../package.json"
. "$here/supported.sh"
. "$here/find-node.sh"
rm -rf "$here/dist"

if [ -n "$machine_node" ]; then
  found="$("$machine_node" --version)"
  major="$(echo "$found" | sed 's/^v\([0-9]*\).*/\1/')"
  minor="$(echo "$found" | sed 's/^v[0-9]*\.\([0-9]*\).*/\1/')"
  if [ "$major" -gt "$oldest_major" ] || { [ "$major" -eq "$oldest_major" ] && [ "$minor" -ge "$oldest_minor" ]; }; then
    echo "campus-portal: Node.js $found on this machine is supported; the portal's scripts run on it."
    exit 0
  fi
  echo "campus-portal: Node.js $found on this machine is older than the portal supports (engines: $engines)."
else
  echo "campus-portal: no Node.js on PATH."
fi

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "campus-portal: install Node.js $supported_words_or for $(uname -s), then run npm install again." >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "campus-portal: install Node.js $supported_words_or for $(uname -m), then run npm install again." >&2; exit 1 ;;
esac

package="node-$os-$arch@$NODE_VERSION"
echo "campus-portal: bringing Node.js $NODE_VERSION ($package from the npm registry, about 30 MB; a few seconds once it is in npm's cache)…"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(cd "$work" && npm pack --silent "$package" | tail -n 1)"
mkdir "$here/dist"
tar -xzf "$work/$tarball" -C "$here/dist" --strip-components=1
echo "campus-portal: npm scripts (npm start, npm test) now run on Node.js $("$here/dist/bin/node" --version); the machine's Node.js is left as it is."
