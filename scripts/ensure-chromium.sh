#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (playwright-core drives it;
# Playwright's own browser download cannot work here). Installs it with apt-get when missing and we are root.
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}

if [[ -x $chromium ]]; then
  echo "chromium: $("$chromium" --version 2>/dev/null || echo "$chromium")"
  exit 0
fi
if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
  echo "chromium: $chromium is missing and this script can only install it as root with apt-get." >&2
  echo "chromium: install it yourself: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 1
fi
echo "chromium: $chromium is missing; installing Debian's chromium package (apt-get update, apt-get install -y chromium)"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get update || ! apt-get install -y chromium; then
  echo "chromium: apt-get could not install chromium; the browser tests need it at $chromium" >&2
  exit 1
fi
[[ -x $chromium ]] || { echo "chromium: installed, yet $chromium is still missing" >&2; exit 1; }
echo "chromium: installed $("$chromium" --version 2>/dev/null || echo "$chromium")"
