#!/usr/bin/env bash
# vert-cost.sh measures what github.com/norunners/vert costs in azurite.wasm:
# it builds the worker twice with the shipped flags, once as shipped and once
# with vert replaced by tools/lab/vertstub (a hand-written converter with the
# same API for the types the bridge uses, no reflect, no fmt), and prints raw,
# gzip -9 and brotli 11 sizes of both and the difference. make wasm-vert-cost.
set -euo pipefail
# The project's Go release (go.mod's toolchain line; README, Prerequisites);
# a comparison may name another.
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.3}"
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d /tmp/azurite-vert-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
cp go.mod "$tmp/stub.mod"
cp go.sum "$tmp/stub.sum"
go mod edit -modfile="$tmp/stub.mod" -replace "github.com/norunners/vert=$PWD/tools/lab/vertstub"
# Both through the shipped build step (internal/wasmbuild: compile, then the rewrite).
go run ./tools/wasmbuild -o "$tmp/vert.wasm" ./wasm build -trimpath -ldflags=-s
go run ./tools/wasmbuild -o "$tmp/stub.wasm" ./wasm build -modfile="$tmp/stub.mod" -trimpath -ldflags=-s
export GOOS=js GOARCH=wasm
echo "packages only the vert build links: $(comm -23 <(go list -deps ./wasm | sort) <(go list -modfile="$tmp/stub.mod" -deps ./wasm | sort) | tr '\n' ' ')"
node -e '
const fs = require("fs"), z = require("zlib");
const m = (f) => { const b = fs.readFileSync(f); return [b.length, z.gzipSync(b, { level: 9 }).length,
  z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11 } }).length]; };
const a = m(process.argv[1]), b = m(process.argv[2]);
const k = (x) => (x / 1024).toFixed(1) + " KiB";
console.log("with vert:           raw " + a.map(k).join(", gzip -9 ").replace(/, gzip -9 ([^,]*), gzip -9 /, ", gzip -9 $1, brotli 11 "));
console.log("hand-written stub:   raw " + b.map(k).join(", gzip -9 ").replace(/, gzip -9 ([^,]*), gzip -9 /, ", gzip -9 $1, brotli 11 "));
console.log("vert costs:          raw " + a.map((x, i) => k(x - b[i])).join(", gzip -9 ").replace(/, gzip -9 ([^,]*), gzip -9 /, ", gzip -9 $1, brotli 11 "));
' "$tmp/vert.wasm" "$tmp/stub.wasm"
