package pwa

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// hashable reports whether a release gives the file (path inside dist/) a content-hashed
// name. These are the files only ever reached through a literal name in another shipped
// file, so renaming them and rewriting that name is safe; hosts may then cache them
// forever. Stable names remain for the URLs people and browsers type or keep: index.html,
// sw.js (browsers require a fixed URL), manifest.webmanifest and icons (stored by the
// installed app), azurite-embed.js and embed.html (the copy-paste snippet), worker.js
// (tiny, and its name reaches the engine client from several bundles) and the licences.
func hashable(rel string) bool {
	switch rel {
	case "app.js", "app.css", "pwa.js", "azurite.wasm", "azurite-scalar.wasm", "wasm_exec.js", "book.bin":
		return true
	}
	return strings.HasPrefix(rel, "assets/") && strings.HasSuffix(rel, ".svg")
}

// isText reports whether references inside the file are rewritten.
func isText(rel string) bool {
	switch path.Ext(rel) {
	case ".html", ".js", ".mjs", ".css", ".webmanifest", ".svg":
		return true
	}
	return false
}

// hashedName inserts the revision before the extension: app.js -> app.1a2b3c4d5e.js.
func hashedName(rel, rev string) string {
	ext := path.Ext(rel)
	return strings.TrimSuffix(rel, ext) + "." + rev + ext
}

// refBefore and refAfter are the characters that may surround a file name used as a
// URL in HTML, CSS or JS: quotes, a path slash, url( … ), a fragment or a query.
func refBefore(c byte) bool { return strings.IndexByte("\"'`/(=", c) >= 0 }
func refAfter(c byte) bool  { return strings.IndexByte("\"'`#?) \n\t", c) >= 0 }

// findRefs returns the offsets of name in data where it stands as a whole URL or URL
// tail (e.g. "book.bin", 'pieces/standard.svg', url(x.svg)).
func findRefs(data []byte, name string) []int {
	var out []int
	n := []byte(name)
	for i := 0; ; {
		j := bytes.Index(data[i:], n)
		if j < 0 {
			return out
		}
		at := i + j
		end := at + len(n)
		if (at == 0 || refBefore(data[at-1])) && (end == len(data) || refAfter(data[end])) {
			out = append(out, at)
		}
		i = at + 1
	}
}

// HashResult says what a release renamed and what it left alone and why.
type HashResult struct {
	Renamed map[string]string // old path -> new path inside dist/
	Kept    []string          // hashable files kept: no literal reference found
}

// HashAssets renames the hashable files of dist to content-hashed names and rewrites
// every reference to them in the text files. A file is renamed only after every
// hashable file it references, so its hash covers the final names inside it. A hashable
// file that nothing names literally keeps its name (renaming it would break whatever
// builds its URL at run time).
func HashAssets(dist string) (HashResult, error) {
	res := HashResult{Renamed: map[string]string{}}
	files := map[string][]byte{} // every shipped file's current content, by path
	err := filepath.WalkDir(dist, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dist, p)
		rel = filepath.ToSlash(rel)
		if notPrecached(rel) && rel != "sw.js" {
			return nil
		}
		data, err := os.ReadFile(p)
		files[rel] = data
		return err
	})
	if err != nil {
		return res, err
	}
	// Two hashable files with the same base name could not be told apart by a
	// reference like "standard.svg"; none exist today, and the check keeps it so.
	bases := map[string]string{}
	var todo []string
	for rel := range files {
		if !hashable(rel) {
			continue
		}
		if other, dup := bases[path.Base(rel)]; dup {
			return res, fmt.Errorf("hash: %s and %s share a base name", rel, other)
		}
		bases[path.Base(rel)] = rel
		todo = append(todo, rel)
	}
	sort.Strings(todo)
	referenced := func(name string) bool {
		for rel, data := range files {
			if rel != name && isText(rel) && len(findRefs(data, path.Base(name))) > 0 {
				return true
			}
		}
		return false
	}
	for len(todo) > 0 {
		progress := false
		for i := 0; i < len(todo); i++ {
			rel := todo[i]
			if isText(rel) && refersToAny(files[rel], todo, rel) {
				continue // wait until the files it names have their final names
			}
			todo = append(todo[:i], todo[i+1:]...)
			i--
			progress = true
			if !referenced(rel) {
				res.Kept = append(res.Kept, rel)
				continue
			}
			newRel := hashedName(rel, revision(files[rel]))
			oldBase, newBase := path.Base(rel), path.Base(newRel)
			for other, data := range files {
				if !isText(other) {
					continue
				}
				files[other] = replaceRefs(data, oldBase, newBase)
			}
			files[newRel] = files[rel]
			delete(files, rel)
			if err := os.Rename(filepath.Join(dist, rel), filepath.Join(dist, newRel)); err != nil {
				return res, err
			}
			res.Renamed[rel] = newRel
		}
		if !progress {
			return res, fmt.Errorf("hash: files reference each other in a cycle: %v", todo)
		}
	}
	for rel, data := range files {
		if isText(rel) {
			if err := os.WriteFile(filepath.Join(dist, rel), data, 0o644); err != nil {
				return res, err
			}
		}
	}
	sort.Strings(res.Kept)
	return res, nil
}

func refersToAny(data []byte, names []string, self string) bool {
	for _, n := range names {
		if n != self && len(findRefs(data, path.Base(n))) > 0 {
			return true
		}
	}
	return false
}

// replaceRefs replaces every reference to oldBase found by findRefs with newBase.
func replaceRefs(data []byte, oldBase, newBase string) []byte {
	at := findRefs(data, oldBase)
	if len(at) == 0 {
		return data
	}
	var out bytes.Buffer
	prev := 0
	for _, i := range at {
		out.Write(data[prev:i])
		out.WriteString(newBase)
		prev = i + len(oldBase)
	}
	out.Write(data[prev:])
	return out.Bytes()
}
