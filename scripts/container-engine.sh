# Sourced by scripts/container-test.sh and scripts/cluster-container-test.sh: the
# container engine as both use it here, and the image around binaries built on the host;
# cluster-load.sh and compare-colyseus.sh take only free_loopback_port from it.
# The caller defines say, die and skip first.

# Installs the named Debian packages that are missing (root and apt-get only); returns 1
# when some are missing and cannot be installed.
install_missing() {
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then return 1; fi
  say "installing: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >/dev/null
}

# Sets engine (podman or docker; ENGINE wins) and compose (the command that reads a
# compose file), installing Podman's packages when they are missing. Skips the caller
# when no engine can be installed.
choose_container_engine() {
  engine=${ENGINE:-}
  if [ -z "$engine" ]; then
    if command -v podman >/dev/null 2>&1; then
      engine=podman
    elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
      engine=docker
    else
      engine=podman
    fi
  fi
  if [ "$engine" = podman ]; then
    # dnsname: containers of one compose network find each other by service name (the
    # cluster's nodes reach "postgres"), under Podman 4.3's CNI network backend.
    install_missing podman podman-compose runc debootstrap uidmap slirp4netns fuse-overlayfs \
      golang-github-containernetworking-plugin-dnsname \
      || skip "podman is missing and cannot be installed here (not root, or no apt-get)"
    # The settings under which Podman runs here: runc, cgroupfs (no systemd to manage
    # cgroups), no journald for events, and ulimits the sandbox allows. A caller's own
    # CONTAINERS_CONF wins.
    if [ -z "${CONTAINERS_CONF:-}" ]; then
      export CONTAINERS_CONF
      CONTAINERS_CONF=$(mktemp /tmp/parlor-containers.XXXXXX.conf)
      cat >"$CONTAINERS_CONF" <<'CONF'
[containers]
default_ulimits = ["nofile=4096:4096", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
    fi
    compose=(podman-compose)
  else
    command -v debootstrap >/dev/null 2>&1 || install_missing debootstrap || true
    compose=(docker compose)
  fi
}

# Builds the image $2 from docker/Dockerfile's last (runtime) stage, its two
# `COPY --from=build /out/...` lines reading $1/bin and the web client built on this host
# instead: one source of truth for what the image holds.
build_runtime_image_from() {
  local dir=$1 image=$2 context
  for f in "$dir/bin/parlor-server" "$dir/bin/parlor"; do
    [ -x "$f" ] || die "--from-build: $f is missing (build Parlor first)"
  done
  context=$(mktemp -d /tmp/parlor-image-context.XXXXXX)
  mkdir -p "$context/out/web" "$context/docker"
  cp "$dir/bin/parlor-server" "$dir/bin/parlor" "$context/out/"
  if [ -f clients/web/dist/index.html ]; then
    cp -r clients/web/dist/. "$context/out/web/"
  else
    cp -r clients/web/placeholder/. "$context/out/web/"
  fi
  cp docker/healthcheck.sh "$context/docker/"
  sed -n '/^FROM debian:12-slim/,$p' docker/Dockerfile \
    | sed '/^COPY --from=build /{s|--from=build ||;s| /out/| out/|g}' >"$context/Dockerfile"
  grep -q '^COPY out/parlor-server out/parlor ' "$context/Dockerfile" \
    || die "docker/Dockerfile's runtime stage changed shape: update build_runtime_image_from"
  say "building $image around $dir/bin (the runtime stage of docker/Dockerfile)"
  local format_args=()
  [ "$engine" = podman ] && format_args=(--format docker)
  "$engine" build "${format_args[@]}" -f "$context/Dockerfile" -t "$image" "$context" \
    >/tmp/parlor-image-build.log 2>&1 \
    || { tail -n 40 /tmp/parlor-image-build.log >&2; rm -rf "$context"; die "the image did not build (log: /tmp/parlor-image-build.log)"; }
  rm -rf "$context"
}

# A free TCP port on the loopback address.
free_loopback_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The ids of the finished matches (the newest 100) that the server at BASE (a URL ending
# in "/") lists in its history API, sorted, on one line.
finished_match_ids() {
  curl -sf "$1api/matches?limit=100" | python3 -c '
import json, sys
print(" ".join(sorted(m["id"] for m in json.load(sys.stdin)["matches"] if m.get("ended_at"))))'
}
