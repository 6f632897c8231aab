#!/bin/sh
# PostgreSQL for the shop, from Debian's packages (docs/self-hosting.md, "Run it as a container"). On its first
# start with an empty volume it makes the cluster: the user and database named by POSTGRES_USER and POSTGRES_DB
# (both "shop" by default) with the password in POSTGRES_PASSWORD, reachable over the network with that password
# only. Later starts use what the volume holds; the password variable is then not read.
set -eu
PGDATA="${PGDATA:-/var/lib/postgresql/data}"
BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
user="${POSTGRES_USER:-shop}"
database="${POSTGRES_DB:-shop}"
# The container's /run is a fresh tmpfs that only root may write: the local socket goes to /tmp (PGHOST).
export PGHOST="${PGHOST:-/tmp}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "POSTGRES_PASSWORD is not set: the database's first start needs the password the shop will use." >&2
    exit 1
  fi
  passwordFile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$passwordFile"
  "$BIN/initdb" --pgdata="$PGDATA" --username="$user" --pwfile="$passwordFile" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$passwordFile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  "$BIN/pg_ctl" --pgdata="$PGDATA" --options="-c listen_addresses='' -c unix_socket_directories=$PGHOST" --wait --silent start
  "$BIN/createdb" --username="$user" "$database"
  "$BIN/pg_ctl" --pgdata="$PGDATA" --mode=fast --wait --silent stop
  echo "Made the database $database for $user in $PGDATA."
fi

exec "$BIN/postgres" -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories="$PGHOST"
