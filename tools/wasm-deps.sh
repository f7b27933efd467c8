#!/usr/bin/env bash
# wasm-deps.sh checks what the wasm build links: fmt, encoding/json and
# net/http must not come from our own packages (vert, the mandated typed
# message converter, brings fmt for its error messages: that is the only
# allowed path). Prints which engine packages pull in what.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
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
# time.Time's formatting (85 KiB raw, 23 KiB gzip -9 of azurite.wasm) stays out. The
# linker keeps it as soon as a time.Time reaches an interface (its String method),
# e.g. through time.After, NewTimer or NewTicker, whose channel goes to the runtime as
# `any`: use time.AfterFunc. The linker's dependency dump says who pulls it in.
tmp=$(mktemp -d)
go build -trimpath -ldflags=-dumpdep -o "$tmp/azurite.wasm" ./wasm 2> "$tmp/deps"
if grep -Eq -- '-> time\.Time\.Format( |$)' "$tmp/deps"; then
  echo "wasm-deps: the wasm build links time.Time.Format (a time.Time reaches an interface):" >&2
  grep -E -- '-> (time\.(NewTimer|NewTicker|After|Tick)|type:chan time\.Time|type:time\.Time <UsedInIface>)( |$)' "$tmp/deps" >&2 || true
  bad=1
fi
rm -rf "$tmp"
exit $bad
