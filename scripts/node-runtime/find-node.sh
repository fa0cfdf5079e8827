# The machine's own Node.js: the first `node` on PATH that is not this package's wrapper.
# Sourced by `bring.sh` and `node`; sets `machine_node` (empty when there is none).
machine_node=''
wrapper="$(readlink -f "$here/node")"
old_ifs="$IFS"
IFS=:
for dir in $PATH; do
  [ -n "$dir" ] && [ -x "$dir/node" ] || continue
  [ "$(readlink -f "$dir/node")" = "$wrapper" ] && continue
  machine_node="$dir/node"
  break
done
IFS="$old_ifs"
