#!/usr/bin/env bash
# Makes the Debian base images the Dockerfile starts from when the container engine has
# none and no image registry can be reached: a minimal Debian from Debian's own packages
# (debootstrap --variant=minbase, from the mirror in this machine's apt sources),
# imported under the names a registry would give it.
#
#   scripts/container-base.sh 12    # debian:12 and debian:12-slim (bookworm)
#   scripts/container-base.sh 13    # debian:13 and debian:13-slim (trixie)
#
# ENGINE (podman or docker; default: podman if present) and MIRROR (default: the first
# Debian mirror of the apt sources) may be set. An image that already exists is kept.
set -euo pipefail

say() { printf '\033[1m[parlor base]\033[0m %s\n' "$*"; }

version=${1:?usage: container-base.sh 12|13}
case "$version" in
  12) suite=bookworm ;;
  13) suite=trixie ;;
  *) echo "container-base.sh: unknown Debian version $version (12 or 13)" >&2; exit 2 ;;
esac
engine=${ENGINE:-$(command -v podman >/dev/null 2>&1 && echo podman || echo docker)}

image_present() { "$engine" image inspect "$1" >/dev/null 2>&1; }
if image_present "debian:$version" && image_present "debian:$version-slim"; then
  say "debian:$version and debian:$version-slim are present"
  exit 0
fi

# The Debian mirror this machine installs its own packages from (deb822 or one-line
# sources; not the security archive nor another vendor's repository).
find_mirror() {
  grep -rhoE '^(URIs:[[:space:]]*|deb[[:space:]]+(\[[^]]*\][[:space:]]+)?)https?://[^[:space:]]+' \
    /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
    | grep -oE 'https?://[^[:space:]]+' | grep -E '/debian/?$' | head -n1 || true
}
mirror=${MIRROR:-$(find_mirror)}
if [ -z "$mirror" ]; then
  echo "container-base.sh: no Debian mirror in /etc/apt/sources*; set MIRROR" >&2
  exit 1
fi
if ! command -v debootstrap >/dev/null 2>&1; then
  echo "container-base.sh: debootstrap is missing (apt-get install debootstrap)" >&2
  exit 1
fi

root=$(mktemp -d /var/tmp/parlor-rootfs.XXXXXX)
trap 'rm -rf "$root"' EXIT
say "debootstrap --variant=minbase $suite from $mirror (a few minutes)"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.log" 2>&1 || {
  echo "container-base.sh: debootstrap failed; the end of its log ($root.log):" >&2
  tail -n 20 "$root.log" >&2
  exit 1
}
rm -f "$root.log"
# As the registry's slim images: no package lists, caches, manuals or translations.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/var/cache/apt/archives/*.deb \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/usr/share/locale/*
say "importing debian:$version"
tar -C "$root" -c . | "$engine" import --quiet --change 'CMD ["bash"]' - "debian:$version" >/dev/null
"$engine" tag "debian:$version" "debian:$version-slim"
say "made debian:$version and debian:$version-slim ($("$engine" image inspect --format '{{.Size}}' "debian:$version" | awk '{printf "%.0f MB", $1 / 1e6}'))"
