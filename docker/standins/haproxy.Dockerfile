# A stand-in for the registry's haproxy:2.6, for machines that reach no image registry
# (scripts/cluster-container-test.sh): Debian 12's own HAProxy 2.6, reading its
# configuration where the official image does (/usr/local/etc/haproxy/haproxy.cfg, which
# docker-compose.cluster.yml mounts), in the foreground, as the haproxy user.
# Where a registry can be reached, the official image serves as well.
FROM debian:12-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends haproxy \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /usr/local/etc/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
ENTRYPOINT ["haproxy", "-W", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]
