#!/usr/bin/env bash
# `npm test`: lint, the import-structure check, the type check and every vitest project.
# A single `vitest run` would run the site project (its files in turn, against one platform) after every
# other project, and a site file spends much of its time waiting on Chromium and the platform. So the
# site files run from the start, as two shards (tests/support/site-order.ts) in vitest processes of their
# own, while the checks and the unit and integration projects (two files at a time) take the rest of the
# machine. The site output follows at the end.
#
# A platform owns its checkout's build folders (dist/, .data/, .astro/, .astro-server/, .netlify/), so
# the second shard runs in a copy of the working tree (its files as they are now, node_modules linked).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
copy="$scratch/checkout"
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard |
  tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$copy"
ln -s "$root/node_modules" "$copy/node_modules"

npx vitest run --project site --shard=1/2 >"$scratch/site-1.log" 2>&1 &
site_1=$!
(cd "$copy" && npx vitest run --project site --shard=2/2) >"$scratch/site-2.log" 2>&1 &
site_2=$!

status=0
{ npm run lint && npm run structure && npm run check && npx vitest run --project '!site' --maxWorkers=2; } || status=$?

for shard in 1 2; do
  pid_var="site_$shard"
  shard_status=0
  wait "${!pid_var}" || shard_status=$?
  [ "$shard_status" -eq 0 ] || status=$shard_status
  echo
  echo "── site tests, shard $shard of 2 (vitest run --project site --shard=$shard/2) ──"
  cat "$scratch/site-$shard.log"
done
exit "$status"
