#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it: types, lint, unit and component tests, API tests
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

run() { echo; echo "── $* ──"; "$@"; }
run npx tsc --noEmit -p .
run npx oxlint --deny-warnings .
run npx vitest run --project unit --project server
run npx vitest run --project e2e
