#!/usr/bin/env bash
# The image's HEALTHCHECK: asks the server's own /healthz for its 200, over TLS when the
# server has a certificate (PARLOR_TLS_CERT). No curl in the slim image: bash's /dev/tcp
# for plain HTTP, openssl s_client (there for ca-certificates) for HTTPS.
set -uo pipefail
port=${PARLOR_PORT:-8080}
request=$'GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n'
if [ -n "${PARLOR_TLS_CERT:-}" ]; then
  status=$(printf '%s' "$request" \
    | timeout 3 openssl s_client -quiet -connect "127.0.0.1:$port" 2>/dev/null | head -n1)
else
  exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
  printf '%s' "$request" >&3
  status=$(timeout 3 head -n1 <&3)
fi
[[ "$status" == *" 200 "* ]]
