# Sourced by .ci/run: makes sure nginx and Caddy are installed for the sub-path tests, which run the
# README's proxy examples through them on loopback (test/web/sub-path.test.ts,
# test/http/sub-path-nginx.test.ts, test/http/sub-path-caddy.test.ts). The tests start each proxy
# themselves, in the foreground with a temp configuration: nothing here starts or enables a service.

if ! command -v ci_as_root >/dev/null; then
  ci_as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
  }
fi

ci_has() {
  command -v "$1" >/dev/null || [ -x "/usr/sbin/$1" ]
}

if ! ci_has nginx || ! ci_has caddy; then
  echo "ci: installing nginx and Caddy from Debian's packages"
  ci_as_root apt-get update -qq
  # The tests need only the binaries; a service the packages may start is never used.
  DEBIAN_FRONTEND=noninteractive ci_as_root apt-get install -y -qq --no-install-recommends nginx caddy >/dev/null
fi
# The sub-path tests skip without the binaries on a developer's machine; in CI they must run.
export FEEDBACKD_REQUIRE_PROXIES=1
echo "ci: sub-path tests use $( (/usr/sbin/nginx -v 2>&1 || nginx -v 2>&1) | head -n 1) and caddy $(caddy version 2>/dev/null | head -n 1)"
