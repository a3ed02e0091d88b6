#!/usr/bin/env bash
# Every test of the project, in order, stopping at the first failure (this is what `npm test` runs):
#   typecheck -> lint (ESLint) -> format (Prettier check) -> unit -> build -> api on PGlite, with api on
#   PostgreSQL beside it -> server (the product's start on the embedded PostgreSQL: durability, kill -9,
#   moving a PGlite folder) -> e2e (Playwright, Chromium)
# The build comes before the API tests because some of them check the built assets (compression.test.ts).
# Two pairs of stages run side by side, each on one core: the typecheck beside the lint, and the API pass
# on PostgreSQL (its files one at a time: vitest.config.ts) beside the one on PGlite. The stage started
# beside shows its output when it ends.
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
# What a page fault costs here (tests/bench/machine-probe.ts): on a virtual machine it can be many times a
# bare machine's, and every stage below pays it, so a slow run's log says whether the machine was slow.
npx tsx tests/bench/machine-probe.ts || true
SUMMARY=()
PG_STARTED=0

BESIDE_PID=""

cleanup() {
  if [[ -n $BESIDE_PID ]]; then
    # A stage failed while the one beside it still ran: end it (the PostgreSQL pass's cluster is stopped below).
    kill -- -"$BESIDE_PID" 2>/dev/null || kill "$BESIDE_PID" 2>/dev/null || true
    wait "$BESIDE_PID" 2>/dev/null || true
    BESIDE_PID=""
    [[ $BESIDE_NAME == pg ]] && PG_STARTED=1
  fi
  if [[ $PG_STARTED == 1 ]]; then
    bash "$ROOT/scripts/pg-test-cluster.sh" stop || true
    PG_STARTED=0
  fi
}
trap cleanup EXIT
trap 'echo; red "Interrupted"; exit 130' INT TERM

skipped() {
  local name="$1" title="$2"
  [[ "$SKIP_LIST" == *" $name "* ]] || return 1
  bold "==> [$name] $title: SKIPPED (SKIP=$SKIP)"
  SUMMARY+=("$name: skipped")
}

# stage <name> <title> <command...>
stage() {
  local name="$1" title="$2"; shift 2
  skipped "$name" "$title" && return 0
  echo
  bold "==> [$name] $title"
  bold "    \$ $*"
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  report "$name" "$title" "$rc" "$((SECONDS - t0))"
}

# beside <name> <title> <command...>: starts a stage that runs beside the next ones, its output kept in
# a file; `joined` waits for it, shows its output and reports it as `stage` does.
beside() {
  BESIDE_NAME="$1" BESIDE_TITLE="$2"; shift 2
  BESIDE_PID=""
  skipped "$BESIDE_NAME" "$BESIDE_TITLE" && return 0
  BESIDE_LOG="$(mktemp)" BESIDE_T0=$SECONDS
  echo
  bold "==> [$BESIDE_NAME] $BESIDE_TITLE: started, runs beside the next stages (output when it ends)"
  bold "    \$ $*"
  set -m
  "$@" >"$BESIDE_LOG" 2>&1 &
  BESIDE_PID=$!
  set +m
}

joined() {
  [[ -n $BESIDE_PID ]] || return 0
  local rc=0
  wait "$BESIDE_PID" || rc=$?
  BESIDE_PID=""
  echo
  bold "==> [$BESIDE_NAME] $BESIDE_TITLE: its output"
  cat "$BESIDE_LOG"
  rm -f "$BESIDE_LOG"
  report "$BESIDE_NAME" "$BESIDE_TITLE" "$rc" "$((SECONDS - BESIDE_T0))"
}

# report <name> <title> <exit code> <seconds>: records a finished stage; the run stops at a failure.
report() {
  local name="$1" title="$2" rc="$3" dt="$4"
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

beside typecheck "TypeScript typecheck"       npx tsc --noEmit -p tsconfig.json
stage lint      "Lint (ESLint, type-checked)"  npm run lint
joined
stage format    "Formatting (Prettier check)"  npm run format:check
stage unit      "Unit tests (vitest)"          npx vitest run --project unit --passWithNoTests
stage build     "Build the web app"            npm run build
beside pg       "API tests on PostgreSQL"      api_on_postgres
stage api       "API tests on PGlite"          env -u DATABASE_URL -u TEST_DATABASE_URL npx vitest run --project api --passWithNoTests
joined
stage server    "Server start on the embedded PostgreSQL (vitest)" env -u DATABASE_URL -u TEST_DATABASE_URL npx vitest run --project server
stage e2e       "End-to-end tests (Playwright)" npx playwright test -c tests/e2e/playwright.config.ts

echo
green "Summary: ${SUMMARY[*]}"
green "npm test: ALL PASSED in $((SECONDS - START_ALL))s"
