#!/usr/bin/env bash
# Installs what Parlor needs on Debian 12 or 13 (as root, or with sudo) and builds it into
# build/. Safe to run again: it installs only what is missing and rebuilds incrementally.
# Used by scripts/serve.sh, scripts/test.sh and docker/Dockerfile.
#   PARLOR_SETUP_BROWSER=1  also install Chromium and Firefox ESR for the browser tests
#   PARLOR_SETUP_POSTGRES=1 also install the PostgreSQL 15 server (the tests start one)
#   PARLOR_BUILD_TYPE       CMake build type (default Release)
#   PARLOR_CMAKE_ARGS       extra CMake arguments
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m[parlor setup]\033[0m %s\n' "$*"; }

# Boost 1.81 or later: Debian 12 ships it beside its default 1.74 as libboost1.81-dev;
# Debian 13 and Ubuntu 24.04 have 1.83 as their default libboost-dev.
boost=libboost-dev
if grep -qs '^VERSION_CODENAME=bookworm' /etc/os-release; then boost=libboost1.81-dev; fi
packages=(build-essential cmake ninja-build pkg-config git
  "$boost" nlohmann-json3-dev libspdlog-dev libgtest-dev libgmock-dev googletest
  libsqlite3-dev libpq-dev libbenchmark-dev libssl-dev libsodium-dev libicu-dev
  ccache clang-format)
# Node.js builds the web client; a machine that already has one (any source) keeps it.
if ! command -v npm >/dev/null 2>&1; then packages+=(nodejs npm); fi
if [ "${PARLOR_SETUP_BROWSER:-0}" = 1 ]; then packages+=(chromium firefox-esr); fi
# The PostgreSQL server itself, for the tests that start a throwaway one (scripts/test.sh).
# postgresql-15 and haproxy: the PostgreSQL store's tests and the cluster's failover test
# (three nodes behind the shipped docker/haproxy.cfg) start their own throwaway servers.
if [ "${PARLOR_SETUP_POSTGRES:-0}" = 1 ]; then packages+=(postgresql-15 haproxy); fi

. scripts/install-missing.sh
install_missing_packages "${packages[@]}"
say "system packages: all present"

if [ -f clients/web/package.json ]; then
  say "web client: npm install and build"
  (cd clients/web && { [ -d node_modules ] && [ node_modules -nt package-lock.json ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run --silent build)
fi

build_type="${PARLOR_BUILD_TYPE:-Release}"
# ccache keeps compiled objects across build directories and clean clones (CI on the same
# machine, a sanitizer build beside the normal one): a rebuild compiles only what changed.
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
say "configuring ($build_type) in build/"
# shellcheck disable=SC2086
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE="$build_type" "${launcher[@]}" ${PARLOR_CMAKE_ARGS:-} >/dev/null
say "building with $(nproc) jobs"
cmake --build build --parallel "$(nproc)"
say "built: $(ls build/bin | tr '\n' ' ')"
