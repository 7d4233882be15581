# A stand-in for the registry's postgres:15, for machines that reach no image registry
# (scripts/cluster-container-test.sh): Debian 12's own postgresql-15, started the way the
# official image starts, as far as docker-compose.cluster.yml relies on it:
#   - POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB make the superuser and the
#     database on the first start (an empty data directory), password-checked over TCP;
#   - the data lives in /var/lib/postgresql/data (the compose file's volume);
#   - pg_isready is on PATH (the compose file's health check);
#   - SIGTERM is a fast shutdown; the server never runs as root.
# Where a registry can be reached, the official image serves as well.
FROM debian:12-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/postgresql/data /run/postgresql \
 && chown -R postgres:postgres /var/lib/postgresql /run/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
VOLUME ["/var/lib/postgresql/data"]
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/postgres-entrypoint"]
