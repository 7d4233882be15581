# Sourced by the scripts that install Debian packages (setup.sh, fuzz.sh):
# install_missing_packages PKG... installs with apt-get (through sudo when not root) those
# of PKG that are not installed yet, and does nothing when all are. The caller defines
# say().
install_missing_packages() {
  local missing=() package sudo_cmd=""
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$package")
  done
  if [ ${#missing[@]} -eq 0 ]; then return 0; fi
  if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi
  say "installing: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
}
