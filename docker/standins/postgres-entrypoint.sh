#!/bin/sh
# The stand-in postgres:15's start (postgres.Dockerfile): makes the cluster on the first
# start, as the official image does, then runs PostgreSQL as the postgres user.
set -eu
: "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (as for the official image)}"
user=${POSTGRES_USER:-postgres}
database=${POSTGRES_DB:-$user}
as_postgres() { setpriv --reuid postgres --regid postgres --init-groups -- "$@"; }

# A named volume is mounted over the image's directory: it may be root's.
chown postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  password_file=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$password_file"
  chown postgres "$password_file"
  as_postgres initdb -D "$PGDATA" -U "$user" -E UTF8 --auth-local=trust \
    --auth-host=scram-sha-256 --pwfile="$password_file" >/dev/null
  rm -f "$password_file"
  # Other containers of the compose network connect over TCP, with the password.
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
  if [ "$database" != postgres ]; then
    as_postgres psql -v ON_ERROR_STOP=1 -U "$user" -d postgres -q \
      -c "CREATE DATABASE \"$database\" OWNER \"$user\""
  fi
  as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres-entrypoint: made the database $database for $user"
fi
exec setpriv --reuid postgres --regid postgres --init-groups -- \
  postgres -D "$PGDATA" -c listen_addresses='*'
