//go:build ignore

// build.go is Azurite's one build entry for the browser side. Run it from the
// repository root:
//
//	go run build.go [build]     bundle web/, build the wasm engine, copy assets into dist/
//	go run build.go web         the same without the wasm engine (fast UI iteration)
//	go run build.go serve       serve dist/ on localhost with the production CSP
//	go run build.go sizes       print the size report of dist/ only
//	go run build.go dist        release: clean build, content-hashed names, sw.js, size report
//
// serve takes -addr (default localhost:8080, or $AZURITE_ADDR) and -dir (default dist).
// With -addr 127.0.0.1:0 it picks a free port; it always prints the URL it serves on
// as "serving http://HOST:PORT/" so tests can read it. SIGINT or SIGTERM shuts it down
// and frees the port ("server stopped"); under `go run`, which does not pass SIGTERM
// on, it also stops once the go command is gone (make serve runs it without go run).
//
// dist/ layout (see docs/protocol.md): index.html, app.js + app.css (esbuild bundle of
// web/), worker.js, wasm_exec.js (from the same Go toolchain as azurite.wasm),
// azurite.wasm, book.bin (optional), assets/ (piece and marker sprites),
// THIRD-PARTY-LICENSES.txt.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/evanw/esbuild/pkg/api"

	"github.com/azurite-chess/azurite/internal/eco"
	"github.com/azurite-chess/azurite/internal/pwa"
	"github.com/azurite-chess/azurite/internal/wasmbuild"
)

const distDir = "dist"

// pageCSP is the Content-Security-Policy every shipped page carries in a
// <meta http-equiv> (checkPages enforces it), so a static host that sends no
// header still serves the pages under it: no inline script or style, no
// other origin, no <base> to redirect relative URLs, no form posting away.
const pageCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; base-uri 'none'; form-action 'self'"

// csp is what serve sends, so any violation shows up in the browser tests:
// the page policy plus frame-ancestors, which browsers honour only in a
// header (docs/offline.md tells hosts to send it).
const csp = pageCSP + "; frame-ancestors 'self'"

// pageCSPMeta is the tag checkPages looks for in every page.
const pageCSPMeta = `<meta http-equiv="Content-Security-Policy" content="` + pageCSP + `">`

// checkPages fails the build when an HTML page in dir lacks pageCSPMeta.
func checkPages(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !strings.Contains(string(b), pageCSPMeta) {
			return fmt.Errorf("%s: no %s (every shipped page carries the policy)", p, pageCSPMeta)
		}
	}
	return nil
}

// copies lists files copied verbatim into dist/: source path -> destination inside dist/.
// Optional ones are skipped with a note when absent.
var copies = []struct {
	src, dst string
	optional bool
}{
	{"index.html", "index.html", false},
	{"worker.js", "worker.js", true},
	{"cmd/azurite/book.bin", "book.bin", true},
	// Piece set: Colin M.L. Burnett's pieces as packaged by cm-chessboard; see docs/LICENSES.md.
	{"node_modules/cm-chessboard/assets/pieces/standard.svg", "assets/pieces/standard.svg", false},
	// Azurite's own flat piece set (MIT, drawn for this project; web/settings.js PIECE_SETS).
	{"web/pieces/azurite.svg", "assets/pieces/azurite.svg", false},
	{"node_modules/cm-chessboard/assets/extensions/markers/markers.svg", "assets/extensions/markers/markers.svg", false},
	{"node_modules/cm-chessboard/assets/extensions/arrows/arrows.svg", "assets/extensions/arrows/arrows.svg", false},
	{"docs/LICENSES.md", "THIRD-PARTY-LICENSES.txt", false},
}

func main() {
	cmd := "build"
	args := os.Args[1:]
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "build":
		err = build(true)
	case "web":
		err = build(false)
	case "serve":
		err = serve(args)
	case "sizes":
		err = sizeReport(os.Stdout, true)
	// --- pwa / dist (owner: pwa helper; the logic lives in internal/pwa) ---
	case "dist":
		// The rewrite is checked against the toolchain before a release ships it.
		if err = wasmbuild.SelfTest(os.Stdout); err == nil {
			err = pwa.Release(distDir, func() error { return build(true) }, os.Stdout)
		}
		if err == nil {
			err = checkPages(distDir)
		}
	// --- end pwa / dist ---
	default:
		err = fmt.Errorf("unknown command %q (want build, web, serve, sizes or dist)", cmd)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "build.go:", err)
		os.Exit(1)
	}
}

// build writes dist/: the JS/CSS bundle, copied assets and, if withWasm, the engine.
func build(withWasm bool) error {
	if _, err := os.Stat("node_modules/cm-chessboard"); err != nil {
		return errors.New("node_modules missing: run `npm ci` first")
	}
	// Start from a dist/ without the files of an earlier build (a release build's
	// hashed names above all), so the service worker precaches each file once. A
	// build without the engine keeps the engine it has.
	var keep []string
	if !withWasm {
		keep = []string{"azurite.wasm", "azurite-scalar.wasm", "wasm_exec.js"}
	}
	if err := pwa.Clean(distDir, keep...); err != nil {
		return err
	}
	if err := os.MkdirAll(distDir, 0o755); err != nil {
		return err
	}
	start := time.Now()
	if err := bundle(); err != nil {
		return err
	}
	fmt.Printf("bundled web/ in %v\n", time.Since(start).Round(time.Millisecond))
	for _, c := range copies {
		if err := copyFile(c.src, filepath.Join(distDir, c.dst)); err != nil {
			if c.optional && errors.Is(err, os.ErrNotExist) {
				fmt.Printf("skipped %s: not present\n", c.src)
				continue
			}
			return err
		}
	}
	if withWasm {
		if err := buildWasm(); err != nil {
			return err
		}
	}
	// --- pwa / dist: icons, manifest, embed and update-notice bundles, sw.js (last: it lists the rest) ---
	if err := pwa.Build(distDir); err != nil {
		return fmt.Errorf("pwa: %w", err)
	}
	// --- end pwa / dist ---
	if err := checkPages(distDir); err != nil {
		return err
	}
	// brotli -q 11 of the 3.8 MB engine takes tens of seconds (minutes on a busy
	// machine), so every build reports gzip only; `go run build.go sizes` adds brotli.
	return sizeReport(os.Stdout, false)
}

// bundle runs esbuild on the player's two entry points: web/app.js and web/app.css
// (which imports cm-chessboard's CSS), as minified ES modules.
func bundle() error {
	opts := pwa.BundleOptions()
	opts.EntryPoints = []string{"web/app.js", "web/app.css"}
	opts.Outdir = distDir
	// The sprites are served as files from dist/assets; CSS must not inline them.
	opts.External = []string{"*.svg"}
	opts.Plugins = append(opts.Plugins, ecoPlugin())
	return pwa.ESBuildError("player", api.Build(opts).Errors)
}

// ecoPlugin resolves the import "azurite:eco" (web/openings-table.js) to the opening
// lookup that internal/eco builds from internal/eco/data: bundled, never fetched.
func ecoPlugin() api.Plugin {
	return api.Plugin{Name: "eco", Setup: func(b api.PluginBuild) {
		b.OnResolve(api.OnResolveOptions{Filter: `^azurite:eco$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			return api.OnResolveResult{Path: "eco", Namespace: "eco"}, nil
		})
		b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "eco"}, func(api.OnLoadArgs) (api.OnLoadResult, error) {
			es, err := eco.Read("internal/eco/data")
			if err != nil {
				return api.OnLoadResult{}, err
			}
			src, err := eco.Module(es)
			return api.OnLoadResult{Contents: &src, Loader: api.LoaderJS}, err
		})
	}}
}

// buildWasm compiles ./wasm for GOOS=js GOARCH=wasm through
// internal/wasmbuild (the compiler, then internal/wasmjump's rewrite: bench
// speed 0.411x -> 0.592x native under node 26, +44 %; docs/wasm-speed.md)
// and copies the matching wasm_exec.js.
func buildWasm() error {
	if _, err := os.Stat("wasm"); err != nil {
		fmt.Println("skipped azurite.wasm: ./wasm does not exist yet")
		return nil
	}
	// azurite.wasm uses wasm SIMD (the net's kernels); worker.js loads
	// azurite-scalar.wasm instead on a browser without it.
	for _, b := range []struct {
		name string
		env  []string
	}{{"azurite.wasm", wasmbuild.SIMD}, {"azurite-scalar.wasm", nil}} {
		start := time.Now()
		if err := wasmbuild.BuildEnv(filepath.Join(distDir, b.name), "./wasm", []string{"build", "-trimpath", "-ldflags=-s"}, b.env, os.Stdout); err != nil {
			return err
		}
		fmt.Printf("built %s in %v\n", b.name, time.Since(start).Round(time.Millisecond))
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		src := filepath.Join(root, dir, "wasm_exec.js")
		if _, err := os.Stat(src); err == nil {
			return copyFile(src, filepath.Join(distDir, "wasm_exec.js"))
		}
	}
	return fmt.Errorf("wasm_exec.js not found under %s/lib/wasm", root)
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}

// sizeReport prints raw, gzip -9 and (if withBrotli and the brotli binary exists)
// brotli -q 11 sizes of the files the browser downloads.
func sizeReport(w io.Writer, withBrotli bool) error {
	var files []string
	err := filepath.WalkDir(distDir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// Other make targets keep scratch output in dist/ subdirectories (bench
		// binaries, releases); only the player's own files and assets/ are reported.
		if d.IsDir() && p != distDir && d.Name() != "assets" && !strings.HasPrefix(p, filepath.Join(distDir, "assets")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && !strings.HasSuffix(p, ".map") && !strings.HasSuffix(p, ".LEGAL.txt") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	brotli := ""
	if withBrotli {
		brotli, _ = exec.LookPath("brotli")
	}
	fmt.Fprintf(w, "%-44s %10s %10s", "file", "raw", "gzip")
	if brotli != "" {
		fmt.Fprintf(w, " %10s", "brotli")
	}
	fmt.Fprintln(w)
	var tr, tg, tb int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		tr += len(data)
		tg += buf.Len()
		fmt.Fprintf(w, "%-44s %10d %10d", f, len(data), buf.Len())
		if brotli != "" {
			out, err := exec.Command(brotli, "-c", "-q", "11", f).Output()
			if err != nil {
				return fmt.Errorf("brotli %s: %w", f, err)
			}
			tb += len(out)
			fmt.Fprintf(w, " %10d", len(out))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-44s %10d %10d", "total", tr, tg)
	if brotli != "" {
		fmt.Fprintf(w, " %10d", tb)
	}
	fmt.Fprintln(w)
	return nil
}

// mimeTypes is explicit so serving does not depend on the machine's mime.types.
var mimeTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".json":        "application/json",
	".webmanifest": "application/manifest+json",
	".map":         "application/json",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/plain; charset=utf-8",
	".bin":         "application/octet-stream",
	".pgn":         "application/x-chess-pgn",
}

// handler serves dir read-only with the CSP, exact MIME types and revalidation.
func handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		// no-cache means "revalidate before use", not "do not store": a development
		// server must never hand out a stale bundle, and a service worker script in
		// particular must be re-checked on every navigation so that updates land (see
		// docs/). FileServer answers the revalidation with 304 from the modification time.
		h.Set("Cache-Control", "no-cache")
		p := r.URL.Path
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		if t, ok := mimeTypes[strings.ToLower(path.Ext(p))]; ok {
			h.Set("Content-Type", t)
		}
		files.ServeHTTP(w, r)
	})
}

func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	def := os.Getenv("AZURITE_ADDR")
	if def == "" {
		def = "localhost:8080"
	}
	addr := fs.String("addr", def, "listen address (host:port; port 0 picks a free one)")
	dir := fs.String("dir", distDir, "directory to serve")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(*dir, "index.html")); err != nil {
		return fmt.Errorf("%s/index.html missing: run `go run build.go` (or `make serve`) first", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", *addr, err)
	}
	fmt.Printf("serving http://%s/ from %s (Ctrl-C stops)\n", ln.Addr(), *dir)
	srv := &http.Server{Handler: handler(*dir), ReadHeaderTimeout: 10 * time.Second}
	// SIGINT and SIGTERM shut the server down (in-flight requests get a
	// second) and free the port. make passes SIGTERM on to its child (make
	// serve runs this program directly, not under `go run`); `go run`
	// passes on nothing, so under it the server also stops when its parent
	// is gone (see orphaned).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		ticker := time.NewTicker(250 * time.Millisecond)
		defer ticker.Stop()
		for ctx.Err() == nil {
			select {
			case <-ctx.Done():
			case <-ticker.C:
				if orphaned() {
					fmt.Println("the `go run` that started this server is gone: stopping")
					stop()
				}
			}
		}
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil {
			srv.Close()
		}
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Println("server stopped")
	return nil
}

// startParent is the process that started this one.
var startParent = os.Getppid()

// orphaned reports whether this program runs under `go run` (its executable
// is in the go command's build directory) and that go command has exited,
// e.g. killed by a SIGTERM it does not pass on: the server would otherwise
// keep the port with nobody left to stop it.
func orphaned() bool {
	exe, err := os.Executable()
	return err == nil && strings.Contains(exe, string(filepath.Separator)+"go-build") && os.Getppid() != startParent
}
