#!/usr/bin/env bash
# go test -exec wrapper for GOOS=js GOARCH=wasm test binaries: the binary go
# test compiled goes through the same build step as the shipped azurite.wasm
# (internal/wasmbuild: the jump rewrite, unless WASMJUMP=0 or an unverified
# Go release) and runs under node with the toolchain's go_js_wasm_exec, so
# the tests exercise the code that ships.
set -eo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
shift
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
exec_js="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
(cd "$here/.." && env -u GOOS -u GOARCH go run ./tools/wasmbuild -q -o "$bin.jump" -rewrite "$bin")
status=0
"$exec_js" "$bin.jump" "$@" || status=$?
rm -f "$bin.jump"
exit $status
