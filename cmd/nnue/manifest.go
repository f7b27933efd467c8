package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"time"
)

// dataFormat names the record layout (Record) and the generator's rules; a
// data directory holds chunks of one format and one configuration only.
const dataFormat = "azurite-nnue-data-v1"

// manifest is a data directory's manifest.json: the settings every chunk was
// made with, the engine build, and one entry per complete chunk.
type manifest struct {
	Config  genConfig   `json:"config"`
	Builds  []string    `json:"builds"` // engine builds (VCS revision) that wrote chunks
	Updated time.Time   `json:"updated"`
	Chunks  []chunkInfo `json:"chunks"`
}

type chunkInfo struct {
	Index     int     `json:"index"`
	Games     int     `json:"games"`
	Skipped   int     `json:"skipped"` // games discarded at the opening
	Positions int     `json:"positions"`
	WDL       [3]int  `json:"wdl"` // White's losses, draws, wins
	Seconds   float64 `json:"seconds"`
	Build     string  `json:"build"`
}

const manifestName = "manifest.json"

// openManifest reads dir's manifest, or starts one for cfg. It refuses a
// directory made with other settings: chunks of two configurations would no
// longer be reproducible from one command.
func openManifest(dir string, cfg genConfig) (*manifest, error) {
	m := &manifest{Config: cfg}
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	switch {
	case errors.Is(err, os.ErrNotExist):
		return m, nil
	case err != nil:
		return nil, err
	}
	if err := json.Unmarshal(data, m); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, manifestName), err)
	}
	if m.Config != cfg {
		return nil, fmt.Errorf("%s was made with other settings (%+v, now %+v): use another -out", dir, m.Config, cfg)
	}
	// A chunk listed but missing (deleted by hand) is made again.
	kept := m.Chunks[:0]
	for _, c := range m.Chunks {
		if _, err := os.Stat(filepath.Join(dir, chunkName(c.Index))); err == nil {
			kept = append(kept, c)
		}
	}
	m.Chunks = kept
	return m, nil
}

func (m *manifest) has(k int) bool {
	for _, c := range m.Chunks {
		if c.Index == k {
			return true
		}
	}
	return false
}

func (m *manifest) add(c chunkInfo) {
	c.Build = buildRevision()
	m.Chunks = append(m.Chunks, c)
	sort.Slice(m.Chunks, func(i, j int) bool { return m.Chunks[i].Index < m.Chunks[j].Index })
	for _, b := range m.Builds {
		if b == c.Build {
			return
		}
	}
	m.Builds = append(m.Builds, c.Build)
}

func (m *manifest) positions() int {
	n := 0
	for _, c := range m.Chunks {
		n += c.Positions
	}
	return n
}

func (m *manifest) save(dir string) error {
	m.Updated = time.Now().UTC().Truncate(time.Second)
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, manifestName+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, manifestName))
}

// revision is the engine build's git revision, set by the Makefile
// (-ldflags "-X main.revision=…") where the toolchain does not stamp it.
var revision string

// buildRevision names the engine build: its VCS revision, "-dirty" if the
// tree had changes.
func buildRevision() string {
	if revision != "" {
		return revision
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "unknown", ""
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
			if len(rev) > 12 {
				rev = rev[:12]
			}
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	return rev + dirty
}

// fileHash returns the hex sha256 of a file's contents.
func fileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// runStatus prints what a data directory holds.
func runStatus(args []string, stdout io.Writer) error {
	dir := defaultDataDir()
	if len(args) > 0 {
		dir = args[0]
	}
	data, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		return fmt.Errorf("status: %w", err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("status: %s: %w", filepath.Join(dir, manifestName), err)
	}
	var games, skipped, pos int
	var wdl [3]int
	var secs float64
	for _, c := range m.Chunks {
		games += c.Games
		skipped += c.Skipped
		pos += c.Positions
		secs += c.Seconds
		for i := range wdl {
			wdl[i] += c.WDL[i]
		}
	}
	fmt.Fprintf(stdout, "%s: %s, seed %d, %d nodes/move, eval %s, openings %s\n",
		dir, m.Config.Format, m.Config.Seed, m.Config.Nodes, m.Config.Eval, m.Config.Openings)
	fmt.Fprintf(stdout, "%d chunks, %d games (+%d =%d -%d for White, %d discarded openings), %d positions (%.1f MB)\n",
		len(m.Chunks), games, wdl[2], wdl[1], wdl[0], skipped, pos, float64(pos*RecordSize)/1e6)
	if secs > 0 {
		fmt.Fprintf(stdout, "%.0f worker-seconds: %.1f positions per worker-second; builds %v; updated %s\n",
			secs, float64(pos)/secs, m.Builds, m.Updated.Format(time.RFC3339))
	}
	return nil
}
