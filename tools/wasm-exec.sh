#!/usr/bin/env bash
# go test -exec wrapper for GOOS=js GOARCH=wasm test binaries: applies the
# same jump rewrite as the shipped azurite.wasm (tools/wasmjump,
# internal/wasmjump) and runs the result under node with the toolchain's
# go_js_wasm_exec, so the tests exercise the code that ships.
# WASMJUMP=0 runs the binary as the compiler wrote it, for comparisons;
# WASMLOOP (see internal/wasmjump.OptionsFromEnv) reaches the rewrite.
set -eo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
shift
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
exec_js="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
if [ "${WASMJUMP:-1}" = 0 ]; then
	exec "$exec_js" "$bin" "$@"
fi
(cd "$here/.." && env -u GOOS -u GOARCH go run ./tools/wasmjump -o "$bin.jump" "$bin")
status=0
"$exec_js" "$bin.jump" "$@" || status=$?
rm -f "$bin.jump"
exit $status
