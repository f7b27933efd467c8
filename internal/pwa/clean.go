package pwa

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Clean removes from dist every file a build writes and the service worker lists
// (what Scan would precache) and sw.js itself, so that a development build over a
// release build (make dist, then make serve) precaches each file once, under its
// plain name, instead of also the release's content-hashed copies. Other targets'
// scratch folders (dist/bench, dist/release) are left alone. A dist that does not
// exist is not an error. Files named in keep (paths relative to dist, e.g. the
// engine for a build that does not rebuild it) stay.
func Clean(dist string, keep ...string) error {
	kept := map[string]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	var stale []string
	err := filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && p == dist {
				return filepath.SkipAll
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(dist, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if !kept[rel] && (rel == "sw.js" || !notPrecached(rel)) {
			stale = append(stale, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("clean %s: %w", dist, err)
	}
	for _, p := range stale {
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("clean %s: %w", dist, err)
		}
	}
	return nil
}
