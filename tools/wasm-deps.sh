#!/usr/bin/env bash
# wasm-deps.sh checks what the wasm build links: fmt, encoding/json and
# net/http must not come from our own packages (vert, the mandated typed
# message converter, brings fmt for its error messages: that is the only
# allowed path). Prints which engine packages pull in what.
set -euo pipefail
cd "$(dirname "$0")/.."
export GOOS=js GOARCH=wasm
bad=0
for pkg in $(go list ./engine/... ./wasm); do
  deps=$(go list -deps "$pkg" | grep -Ex 'fmt|encoding/json|net/http|os' | tr '\n' ' ' || true)
  printf '%-50s %s\n' "$pkg" "${deps:-(none of fmt, encoding/json, net/http, os)}"
done
# Which of our packages import fmt/json/http directly?
for pkg in $(go list -deps ./wasm | grep -E '^github.com/azurite-chess/'); do
  imports=$(go list -f '{{join .Imports " "}}' "$pkg")
  for forbidden in fmt encoding/json net/http; do
    if [[ " $imports " == *" $forbidden "* ]]; then
      echo "wasm-deps: $pkg imports $forbidden (the wasm build must not)" >&2
      bad=1
    fi
  done
done
# And nothing reaches encoding/json or net/http at all.
if go list -deps ./wasm | grep -Eqx 'encoding/json|net/http'; then
  echo "wasm-deps: the wasm build links encoding/json or net/http:" >&2
  go list -deps ./wasm | grep -Ex 'encoding/json|net/http' >&2
  bad=1
fi
exit $bad
