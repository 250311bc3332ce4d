#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it: types, lint, formatting, unit and component tests, API tests
# on SQLite and a real PostgreSQL, then browser tests in a real Chromium.
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
stage() {
  local name=$1 log status detail begin=$SECONDS
  shift
  echo; echo "── $name: $* ──"
  log=$(mktemp)
  if "$@" 2>&1 | tee "$log"; then status=passed; else status=FAILED; failures=$((failures + 1)); fi
  # vitest's "Tests  312 passed (312)", oxlint's "Found 0 warnings and 0 errors.", prettier's last line
  detail=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | { grep -E '^ +Tests +|^Found [0-9]+ warning|^All matched files|Code style issues' || true; } | tail -1 | sed -E 's/^ +Tests +//; s/^\[warn\] //')
  # vitest's " FAIL  e2e  e2e/x.test.ts > group > test": named again under the summary, where a log's tail shows them
  mapfile -t -O "${#failed_tests[@]}" failed_tests < <(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ FAIL ' | sed -E 's/^ FAIL +//' | sort -u)
  # test/retried-reporter.ts's "passed on try 2: e2e/x.test.ts > test": passed, but said where it is seen
  mapfile -t -O "${#retried_tests[@]}" retried_tests < <(sed -E 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^passed on try [0-9]+: ' || true)
  rm -f "$log"
  results+=("$(printf '%-7s %-22s %5ss  %s' "$status" "$name" $((SECONDS - begin)) "$detail")")
}

stage "type check" npx tsc --noEmit -p .
stage "lint" npx oxlint --deny-warnings .
stage "format" npx prettier --check .
# Files run side by side (package.json: test:unit, test:e2e): most tests wait on a server, a database
# or a browser, not on the CPU, so even on 2 cores several workers finish sooner (docs/performance.md).
stage "unit + server tests" npm run --silent test:unit
stage "browser tests" npm run --silent test:e2e

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
