# Sourced by .ci/run: makes sure a PostgreSQL server runs on this machine (installing it from
# Debian's packages when it is missing) with a role and a database for the tests, and exports
# TEST_DATABASE_URL so `npm test` runs the suite on PostgreSQL as well as on the JSON-file database.
# A TEST_DATABASE_URL already set is used as it is.

ci_as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

ci_as_postgres() {
  if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else sudo -u postgres sh -c "$*"; fi
}

ci_start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    echo "ci: installing PostgreSQL from Debian's packages"
    ci_as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive ci_as_root apt-get install -y -qq postgresql >/dev/null
  fi
  local version
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -x "$version main" >/dev/null; then
    ci_as_root pg_createcluster "$version" main >/dev/null
  fi
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $4}' | grep -x online >/dev/null; then
    ci_as_root pg_ctlcluster "$version" main start
  fi
  local port
  port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p "$port" && break
    sleep 1
  done
  ci_as_postgres "psql -q -p $port -v ON_ERROR_STOP=1 -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'feedbackd_ci') THEN CREATE ROLE feedbackd_ci LOGIN PASSWORD 'feedbackd_ci'; END IF; END \\\$\\\$;\""
  if ! ci_as_postgres "psql -tA -p $port -c \"SELECT 1 FROM pg_database WHERE datname = 'feedbackd_ci'\"" | grep -x 1 >/dev/null; then
    ci_as_postgres "createdb -p $port -O feedbackd_ci feedbackd_ci"
  fi
  export TEST_DATABASE_URL="postgres://feedbackd_ci:feedbackd_ci@127.0.0.1:$port/feedbackd_ci"
  echo "ci: PostgreSQL $version on port $port; tests use database feedbackd_ci"
}

if [ -z "${TEST_DATABASE_URL:-}" ]; then ci_start_postgres; fi
