#!/usr/bin/env bash
# `npm test`: lint, the import-structure check, the type check and every vitest project.
# A single `vitest run` would run the site project (its files in turn, against one platform) after every
# other project. Instead the site files run from the start, in SITE_SHARDS shards (2 unless set;
# tests/support/site-order.ts balances them), each a vitest process with its own platform, beside the
# checks and the unit and integration projects (two files at a time). The checks' and the site's output
# follow at the end.
#
# A platform owns its checkout's build folders (dist/, .data/, .astro/, .astro-server/, .netlify/), so
# each shard runs in a copy of the working tree (its files as they are now, node_modules linked), and a
# platform started in the checkout itself (npm start) is left alone.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
shards="${SITE_SHARDS:-2}"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
git ls-files -z --cached --others --exclude-standard >"$scratch/files"

pids=()
for shard in $(seq 1 "$shards"); do
  copy="$scratch/checkout-$shard"
  mkdir -p "$copy"
  tar --null --files-from="$scratch/files" --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$copy"
  ln -s "$root/node_modules" "$copy/node_modules"
  (cd "$copy" && npx vitest run --project site --shard="$shard/$shards") >"$scratch/site-$shard.log" 2>&1 &
  pids+=($!)
done

# The static checks run beside the tests too: they wait on nothing, and the machine is not busy all the
# time (the site files wait for builds, the browser and timeouts).
(npm run lint && npm run structure && npm run check) >"$scratch/checks.log" 2>&1 &
checks_pid=$!

status=0
npx vitest run --project '!site' --maxWorkers=2 || status=$?

# Waits for a background part, keeps its failure in `status`, then prints its title and output.
report() {
  local part_status=0
  wait "$1" || part_status=$?
  [ "$part_status" -eq 0 ] || status=$part_status
  echo
  echo "── $2 ──"
  cat "$3"
}

report "$checks_pid" "lint, structure and type checks (npm run lint && npm run structure && npm run check)" \
  "$scratch/checks.log"
for shard in $(seq 1 "$shards"); do
  report "${pids[$((shard - 1))]}" "site tests, shard $shard of $shards (vitest run --project site --shard=$shard/$shards)" \
    "$scratch/site-$shard.log"
done
exit "$status"
