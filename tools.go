//go:build tools

// Package tools pins build-time Go dependencies so that `go mod tidy` keeps them in
// go.mod: build.go (a `//go:build ignore` program) bundles the web player with esbuild.
package tools

import (
	_ "github.com/evanw/esbuild/pkg/api"
)
