# Sourced by .ci/run: makes sure Chromium is at /usr/bin/chromium for the browser tests (test/web),
# installing Debian's package when it is missing. CHROMIUM_PATH, when set, names another Chromium
# and nothing is installed.

if ! command -v ci_as_root >/dev/null; then
  ci_as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
  }
fi

ci_install_chromium() {
  echo "ci: installing Chromium from Debian's packages"
  ci_as_root apt-get update -qq
  # The fonts the screenshots and the axe contrast checks were made with.
  DEBIAN_FRONTEND=noninteractive ci_as_root apt-get install -y -qq --no-install-recommends \
    chromium fonts-liberation fonts-dejavu-core fonts-dejavu-extra >/dev/null
}

if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then ci_install_chromium; fi
echo "ci: browser tests use $("${CHROMIUM_PATH:-/usr/bin/chromium}" --version 2>/dev/null | head -n 1)"
