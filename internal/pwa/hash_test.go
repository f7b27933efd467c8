package pwa

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestFindRefs(t *testing.T) {
	tests := []struct {
		name, data, ref string
		want            int
	}{
		{"html-attr", `<script src="app.js"></script>`, "app.js", 1},
		{"js-string", `fetch('book.bin')`, "book.bin", 1},
		{"path-tail", `{file:"pieces/standard.svg"}`, "standard.svg", 1},
		{"css-url", `a{background:url(x.svg)}`, "x.svg", 1},
		{"fragment", `href="a.svg#wk"`, "a.svg", 1},
		{"longer-name", `src="xapp.js"`, "app.js", 0},
		{"source-map", `//# sourceMappingURL=app.js.map`, "app.js", 0},
		{"two", `"app.js" and 'app.js'`, "app.js", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(findRefs([]byte(tc.data), tc.ref)); got != tc.want {
				t.Errorf("findRefs(%q, %q) = %d, want %d", tc.data, tc.ref, got, tc.want)
			}
		})
	}
}

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, data := range files {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestHashAssets(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"index.html":                 `<link href="app.css"><script src="app.js"></script>`,
		"app.js":                     `new Worker("worker.js");fetch("book.bin");x("pieces/standard.svg")` + "\n//# sourceMappingURL=app.js.map",
		"app.js.map":                 `{"file":"app.js"}`,
		"app.css":                    `body{}`,
		"worker.js":                  `importScripts("wasm_exec.js");fetch(new URL("azurite.wasm",self.location))`,
		"wasm_exec.js":               `// go`,
		"azurite.wasm":               "\x00asm",
		"book.bin":                   "book",
		"assets/pieces/standard.svg": `<svg/>`,
		"assets/pieces/unused.svg":   `<svg id="u"/>`,
	})
	res, err := HashAssets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Renamed) != 6 {
		t.Errorf("renamed %v, want 6 files", res.Renamed)
	}
	if !reflect.DeepEqual(res.Kept, []string{"assets/pieces/unused.svg"}) {
		t.Errorf("kept %v, want the unreferenced svg", res.Kept)
	}
	read := func(p string) string {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	// Every renamed file exists under a name carrying the hash of its final content.
	for old, nu := range res.Renamed {
		data := read(nu)
		if want := hashedName(old, revision([]byte(data))); want != nu {
			t.Errorf("%s -> %s, but its content hashes to %s", old, nu, want)
		}
		if _, err := os.Stat(filepath.Join(dir, old)); !os.IsNotExist(err) {
			t.Errorf("%s still exists", old)
		}
	}
	app := read(res.Renamed["app.js"])
	for _, old := range []string{"book.bin", "assets/pieces/standard.svg"} {
		if !strings.Contains(app, filepath.Base(res.Renamed[old])) {
			t.Errorf("app.js does not name %s: %s", res.Renamed[old], app)
		}
	}
	if !strings.Contains(app, `"worker.js"`) || !strings.Contains(app, "sourceMappingURL=app.js.map") {
		t.Errorf("app.js: stable names must stay: %s", app)
	}
	worker := read("worker.js")
	if !strings.Contains(worker, res.Renamed["azurite.wasm"]) || !strings.Contains(worker, res.Renamed["wasm_exec.js"]) {
		t.Errorf("worker.js not rewritten: %s", worker)
	}
	index := read("index.html")
	if !strings.Contains(index, res.Renamed["app.js"]) || !strings.Contains(index, res.Renamed["app.css"]) {
		t.Errorf("index.html not rewritten: %s", index)
	}
}

func TestScanAndServiceWorker(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"index.html":            "<p>",
		"app.js":                "a",
		"app.js.map":            "{}",
		"app.js.LEGAL.txt":      "l",
		"sw.js":                 "old",
		"icons/i.png":           "png",
		"bench/board-wasm.test": "scratch",
		"notes.md":              "scratch",
	})
	info, err := Scan(dir)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range info.Files {
		keys = append(keys, k)
	}
	if len(keys) != 3 || info.Files["./"] == "" || info.Files["app.js"] == "" || info.Files["icons/i.png"] == "" {
		t.Fatalf("precache list %v, want ./, app.js, icons/i.png", info.Files)
	}
	tmpl := []byte("// template\n")
	if err := WriteServiceWorker(dir, info, tmpl); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err := WriteServiceWorker(dir, info, tmpl); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	if string(first) != string(again) {
		t.Fatal("sw.js differs between two writes of the same build")
	}
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("b"), 0o644)
	info2, _ := Scan(dir)
	WriteServiceWorker(dir, info2, tmpl)
	changed, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	if string(changed) == string(first) {
		t.Fatal("sw.js unchanged after a file changed: browsers would not see the update")
	}
	if !strings.HasSuffix(string(changed), "// template\n") || !strings.Contains(string(changed), `self.AZURITE_BUILD = {"version":"`) {
		t.Fatalf("sw.js layout: %s", changed)
	}
}
