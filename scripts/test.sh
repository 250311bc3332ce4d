#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it: types, lint, formatting, unit and component tests, API tests
# on SQLite and a real PostgreSQL, and beside them browser tests in a real Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# System parts the tests drive for real. As root on Debian they are installed on the spot;
# otherwise we say the one command to run.
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
if ! command -v initdb >/dev/null 2>&1 && [ ! -x /usr/lib/postgresql/15/bin/initdb ]; then missing+=(postgresql); fi
# The HTTPS tests run deploy/Caddyfile in Debian's Caddy; the systemd tests need systemd-analyze.
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
command -v systemd-analyze >/dev/null 2>&1 || missing+=(systemd)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} with apt-get..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    # The tests start their own Caddy on loopback ports; the package's service would hold port 80.
    if [[ " ${missing[*]} " == *" caddy "* ]] && systemctl is-active --quiet caddy 2>/dev/null; then systemctl disable --now caddy; fi
  else
    echo "Missing: ${missing[*]}. Install with:  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

# Every stage runs, even after one fails, and the run ends with one line per stage and the total,
# where the eye lands (the unit tests' own summary would otherwise be hundreds of lines up).
[ -t 1 ] && export FORCE_COLOR=1
results=()
failed_tests=()
retried_tests=()
failures=0
started=$SECONDS
# A stage's line in the summary, and the tests its log names as failed or as passed on a second try.
record() {
  local name=$1 code=$2 log=$3 seconds=$4 status detail
  if [ "$code" -eq 0 ]; then status=passed; else status=FAILED; failures=$((failures + 1)); fi
  # vitest's "Tests  312 passed (312)", oxlint's "Found 0 warnings and 0 errors.", prettier's last line
  detail=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | { grep -E '^ +Tests +|^Found [0-9]+ warning|^All matched files|Code style issues' || true; } | tail -1 | sed -E 's/^ +Tests +//; s/^\[warn\] //')
  # vitest's " FAIL  e2e  e2e/x.test.ts > group > test": named again under the summary, where a log's tail shows them
  mapfile -t -O "${#failed_tests[@]}" failed_tests < <(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ FAIL ' | sed -E 's/^ FAIL +//' | sort -u)
  # test/retried-reporter.ts's "passed on try 2: e2e/x.test.ts > test": passed, but said where it is seen
  mapfile -t -O "${#retried_tests[@]}" retried_tests < <(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^passed on try [0-9]+: ' || true)
  rm -f "$log"
  results+=("$(printf '%-7s %-22s %5ss  %s' "$status" "$name" "$seconds" "$detail")")
}

# A stage in the foreground, its output shown as it comes.
stage() {
  local name=$1 log code=0 begin=$SECONDS
  shift
  echo; echo "── $name: $* ──"
  log=$(mktemp)
  "$@" 2>&1 | tee "$log" || code=$?
  record "$name" "$code" "$log" $((SECONDS - begin))
}

# A stage started now in the background, its output kept until `beside_end` shows it whole.
beside_start() {
  beside_name=$1
  shift
  beside_command="$*"
  beside_log=$(mktemp)
  beside_begin=$SECONDS
  (code=0; "$@" >"$beside_log" 2>&1 || code=$?; echo $((SECONDS - beside_begin)) >"$beside_log.seconds"; exit $code) &
  beside_pid=$!
}
beside_end() {
  local code=0
  wait "$beside_pid" || code=$?
  echo; echo "── $beside_name: $beside_command (ran beside the stage above) ──"
  cat "$beside_log"
  record "$beside_name" "$code" "$beside_log" "$(cat "$beside_log.seconds")"
  rm -f "$beside_log.seconds"
}

stage "type check" npx tsc --noEmit -p .
stage "lint" npx oxlint --deny-warnings .
stage "format" npx prettier --check .
# Files run side by side (package.json: test:unit, test:e2e), and the two stages run at once: most
# unit and server tests wait on a database, a clock or a child process, and the browser tests
# leave part of the two cores idle too, so together they end sooner (docs/performance.md).
beside_start "unit + server tests" npm run --silent test:unit
stage "browser tests" npm run --silent test:e2e
beside_end

total=$((SECONDS - started))
echo; echo "── npm test: summary ──"
printf '%s\n' "${results[@]}"
[ ${#retried_tests[@]} -eq 0 ] || printf '%s\n' "${retried_tests[@]}"
if [ "$failures" -eq 0 ]; then
  echo "All ${#results[@]} stages passed in $((total / 60)) min $((total % 60)) s."
else
  [ ${#failed_tests[@]} -eq 0 ] || printf 'failed: %s\n' "${failed_tests[@]}"
  echo "$failures of ${#results[@]} stages FAILED (in $((total / 60)) min $((total % 60)) s): see their output above."
  exit 1
fi
