#!/usr/bin/env bash
# Every test of the project, in order, stopping at the first failure (this is what `npm test` runs):
#   typecheck -> lint (ESLint) -> format (Prettier check) -> unit -> api on PGlite -> api on PostgreSQL -> build -> e2e (Playwright, Chromium)
#
# Needs Debian's chromium (/usr/bin/chromium, or CHROMIUM_PATH) and PostgreSQL binaries
# (/usr/lib/postgresql/*/bin); `.ci/run` installs both.
# Skip stages while working locally with SKIP, a space/comma separated list of stage names, e.g.
#   SKIP=pg,e2e npm test
set -uo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"
SKIP_LIST=" $(echo "${SKIP:-}" | tr ',' ' ') "
# One throwaway PostgreSQL cluster per checkout, so two checkouts can run `npm test` side by side
# (the second one gets the next free port).
export PGTEST_DIR="${PGTEST_DIR:-/tmp/backoffice-pgtest-$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)}"

bold() { if [[ -t 1 ]]; then printf '\033[1m%s\033[0m\n' "$*"; else printf '%s\n' "$*"; fi; }
red() { if [[ -t 1 ]]; then printf '\033[1;31m%s\033[0m\n' "$*"; else printf '%s\n' "$*"; fi; }
green() { if [[ -t 1 ]]; then printf '\033[1;32m%s\033[0m\n' "$*"; else printf '%s\n' "$*"; fi; }

START_ALL=$SECONDS
SUMMARY=()
PG_STARTED=0

cleanup() {
  if [[ $PG_STARTED == 1 ]]; then
    bash "$ROOT/scripts/pg-test-cluster.sh" stop || true
    PG_STARTED=0
  fi
}
trap cleanup EXIT
trap 'echo; red "Interrupted"; exit 130' INT TERM

# stage <name> <title> <command...>
stage() {
  local name="$1" title="$2"; shift 2
  if [[ "$SKIP_LIST" == *" $name "* ]]; then
    bold "==> [$name] $title: SKIPPED (SKIP=$SKIP)"
    SUMMARY+=("$name: skipped")
    return 0
  fi
  echo
  bold "==> [$name] $title"
  bold "    \$ $*"
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  local dt=$((SECONDS - t0))
  if [[ $rc -ne 0 ]]; then
    echo
    red "############################################################################"
    red "##  FAILED at stage [$name] $title (exit $rc, ${dt}s)"
    red "############################################################################"
    SUMMARY+=("$name: FAILED (${dt}s)")
    red "Summary: ${SUMMARY[*]}"
    red "npm test: FAILED at stage '$name' after $((SECONDS - START_ALL))s"
    exit "$rc"
  fi
  green "<== [$name] ok (${dt}s)"
  SUMMARY+=("$name: ok (${dt}s)")
}

api_on_postgres() {
  local env_line
  env_line="$(bash "$ROOT/scripts/pg-test-cluster.sh" start)" || return 1
  PG_STARTED=1
  eval "$env_line"
  echo "TEST_DATABASE_URL=$TEST_DATABASE_URL"
  local rc=0
  TEST_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project api --passWithNoTests || rc=$?
  cleanup
  return $rc
}

stage typecheck "TypeScript typecheck"        npx tsc --noEmit -p tsconfig.json
stage lint      "Lint (ESLint, type-checked)"  npm run lint
stage format    "Formatting (Prettier check)"  npm run format:check
stage unit      "Unit tests (vitest)"          npx vitest run --project unit --passWithNoTests
stage api       "API tests on PGlite"          env -u DATABASE_URL -u TEST_DATABASE_URL npx vitest run --project api --passWithNoTests
stage pg        "API tests on PostgreSQL"      api_on_postgres
stage build     "Build the web app"            npm run build
stage e2e       "End-to-end tests (Playwright)" npx playwright test -c tests/e2e/playwright.config.ts

echo
green "Summary: ${SUMMARY[*]}"
green "npm test: ALL PASSED in $((SECONDS - START_ALL))s"
