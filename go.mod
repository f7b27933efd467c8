module github.com/azurite-chess/azurite

go 1.27

// The release internal/wasmjump was verified with (wasmjump.VerifiedGo).
toolchain go1.27.3

ignore (
	./dist
	./node_modules
	./test-results
)

require (
	github.com/evanw/esbuild v0.28.2
	github.com/norunners/vert v0.0.0-20221203075838-106a353d42dd
)

require golang.org/x/sys v0.0.0-20220715151400-c0bba94af5f8 // indirect
