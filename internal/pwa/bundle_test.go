package pwa

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/evanw/esbuild/pkg/api"
)

// TestPackageVersionPlugin: a package.json imported from JS reaches the bundle as its
// version alone (web/board-patches.js imports cm-chessboard's), and one without a
// version fails the build, naming the file.
func TestPackageVersionPlugin(t *testing.T) {
	tests := []struct {
		name    string
		pkg     string
		want    string // in the bundle
		notWant string // not in the bundle
		err     string // in the build error; "" for none
	}{
		{name: "version-only", pkg: `{"name": "lib", "version": "8.15.1", "description": "a long text", "scripts": {"test": "tput setaf 4"}}`, want: `"8.15.1"`, notWant: "a long text"},
		{name: "no-version", pkg: `{"name": "lib"}`, err: "has no version"},
		{name: "not-json", pkg: `{"name": `, err: "package version"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			lib := filepath.Join(dir, "node_modules", "lib")
			if err := os.MkdirAll(lib, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(lib, "package.json"), []byte(tc.pkg), 0o644); err != nil {
				t.Fatal(err)
			}
			entry := filepath.Join(dir, "main.js")
			src := "import pkg from 'lib/package.json' with { type: 'json' };\nexport const seen = pkg;\n"
			if err := os.WriteFile(entry, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			opts := BundleOptions()
			opts.EntryPoints = []string{entry}
			opts.Outfile = filepath.Join(dir, "out.js")
			opts.Write = false
			opts.Sourcemap = api.SourceMapNone
			opts.LogLevel = api.LogLevelSilent
			res := api.Build(opts)
			err := ESBuildError("main.js", res.Errors)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one containing %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var out string
			for _, f := range res.OutputFiles {
				if strings.HasSuffix(f.Path, "out.js") {
					out = string(f.Contents)
				}
			}
			if !strings.Contains(out, tc.want) || strings.Contains(out, tc.notWant) {
				t.Errorf("bundle %q: want %q in it and %q not", out, tc.want, tc.notWant)
			}
		})
	}
}
