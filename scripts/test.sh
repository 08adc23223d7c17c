#!/usr/bin/env bash
# `npm test`: lint, the import-structure check, the type check and every vitest project.
# A single `vitest run` would run the site project (its files in turn, against one platform) after every
# other project, and the site tests spend much of their time waiting on Chromium and the platform: a
# second vitest process runs them from the start, while the checks and the unit and integration projects
# (two files at a time) take the rest of the machine. The site output follows at the end.
set -uo pipefail
cd "$(dirname "$0")/.."

site_log="$(mktemp)"
trap 'rm -f "$site_log"' EXIT
npx vitest run --project site >"$site_log" 2>&1 &
site_pid=$!

status=0
{ npm run lint && npm run structure && npm run check && npx vitest run --project '!site' --maxWorkers=2; } || status=$?

site_status=0
wait "$site_pid" || site_status=$?
echo
echo "── site tests (vitest run --project site) ──"
cat "$site_log"
[ "$status" -eq 0 ] && [ "$site_status" -eq 0 ]
