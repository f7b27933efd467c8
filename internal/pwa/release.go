package pwa

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// copies are the pwa helper's static files: source -> path inside dist/.
var copies = []struct{ src, dst string }{
	{"embed.html", "embed.html"},
	{"web/embed/demo/demo.css", "demo/demo.css"},
	{"web/embed/demo/demo.js", "demo/demo.js"},
	{"web/embed/demo/immortal.pgn", "demo/immortal.pgn"},
}

// Build adds the app and embed files to a dist/ the player's build has just written:
// icons, manifest.webmanifest, pwa.js, azurite-embed.js, the embed demo and, last,
// sw.js with the list of everything else. build.go calls it at the end of every build.
func Build(dist string) error {
	for _, ic := range icons {
		data, err := EncodePNG(RenderIcon(ic.Size, ic.Kind))
		if err != nil {
			return fmt.Errorf("icon %s: %w", ic.Path, err)
		}
		if err := writeFile(filepath.Join(dist, ic.Path), data); err != nil {
			return err
		}
	}
	man, err := NewManifest().JSON()
	if err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dist, "manifest.webmanifest"), man); err != nil {
		return err
	}
	if err := bundleJS(dist); err != nil {
		return err
	}
	for _, c := range copies {
		data, err := os.ReadFile(c.src)
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(dist, c.dst), data); err != nil {
			return err
		}
	}
	return writeSW(dist)
}

func writeSW(dist string) error {
	tmpl, err := os.ReadFile(SWTemplate)
	if err != nil {
		return err
	}
	info, err := Scan(dist)
	if err != nil {
		return err
	}
	return WriteServiceWorker(dist, info, tmpl)
}

func writeFile(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// Release writes a self-contained dist/ for any static host: it empties dist, runs
// build (the full player build, which ends in Build), renames hashable assets to
// content-hashed names, regenerates sw.js for the final names and prints the size report.
func Release(dist string, build func() error, w io.Writer) error {
	clean := filepath.Clean(dist)
	if clean == "." || clean == "/" || strings.HasPrefix(clean, "..") {
		return fmt.Errorf("release: refusing to empty %q", dist)
	}
	if err := os.RemoveAll(clean); err != nil {
		return err
	}
	if err := build(); err != nil {
		return err
	}
	res, err := HashAssets(clean)
	if err != nil {
		return err
	}
	if err := writeSW(clean); err != nil {
		return err
	}
	fmt.Fprintln(w, "\nrelease: content-hashed names")
	olds := make([]string, 0, len(res.Renamed))
	for o := range res.Renamed {
		olds = append(olds, o)
	}
	sort.Strings(olds)
	for _, o := range olds {
		fmt.Fprintf(w, "  %-36s -> %s\n", o, res.Renamed[o])
	}
	for _, k := range res.Kept {
		fmt.Fprintf(w, "  %-36s    kept (no literal reference to rewrite)\n", k)
	}
	return SizeReport(clean, w)
}

// SizeReport prints every precached file of dist with its raw, gzip -9 and (when the
// brotli tool exists) brotli -q 11 size, then the totals: what a first visit downloads
// in all (the service worker fetches the whole list) and sw.js, the one file a repeat
// visit revalidates.
func SizeReport(dist string, w io.Writer) error {
	info, err := Scan(dist)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(info.Files)+1)
	for k := range info.Files {
		names = append(names, k)
	}
	sort.Strings(names)
	names = append(names, "sw.js")
	brotli, _ := exec.LookPath("brotli")
	fmt.Fprintf(w, "\n%-52s %10s %10s %10s\n", "release file", "raw", "gzip", "brotli")
	var tr, tg, tb int
	for _, n := range names {
		rel := n
		if n == "./" {
			rel = "index.html"
		}
		data, err := os.ReadFile(filepath.Join(dist, rel))
		if err != nil {
			return err
		}
		g := gzipLen(data)
		b := -1
		if brotli != "" {
			out, err := exec.Command(brotli, "-c", "-q", "11", filepath.Join(dist, rel)).Output()
			if err != nil {
				return fmt.Errorf("brotli %s: %w", rel, err)
			}
			b = len(out)
		}
		tr, tg, tb = tr+len(data), tg+g, tb+b
		fmt.Fprintf(w, "%-52s %10d %10d %10s\n", rel, len(data), g, optInt(b))
	}
	if brotli == "" {
		tb = -1
	}
	fmt.Fprintf(w, "%-52s %10d %10d %10s\n", fmt.Sprintf("total (%d files, first visit)", len(names)), tr, tg, optInt(tb))
	return nil
}

func optInt(n int) string {
	if n < 0 {
		return "-"
	}
	return fmt.Sprint(n)
}

func gzipLen(data []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	return buf.Len()
}
