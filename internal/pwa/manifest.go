package pwa

import (
	"encoding/json"
	"fmt"
)

// ThemeColor is the browser chrome colour of the installed app (the player's accent).
const ThemeColor = "#2563c9"

// BackgroundColor is the splash-screen colour (the player's light background).
const BackgroundColor = "#f4f5f7"

// manifestIcon is one entry of the manifest's icons list.
type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose"`
}

// Manifest is the web app manifest. Every URL in it is relative: the browser resolves
// them against the manifest's own URL, so the same file works at https://host/ and at
// https://user.github.io/repo/ (start_url and scope "./" are the folder of the manifest).
type Manifest struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	Orientation     string         `json:"orientation"`
	BackgroundColor string         `json:"background_color"`
	ThemeColor      string         `json:"theme_color"`
	Categories      []string       `json:"categories"`
	Lang            string         `json:"lang"`
	Icons           []manifestIcon `json:"icons"`
}

// NewManifest returns Azurite's manifest listing the generated icons.
func NewManifest() Manifest {
	m := Manifest{
		ID:              "./",
		Name:            "Azurite chess",
		ShortName:       "Azurite",
		Description:     "Play and analyse chess against Azurite, an engine that runs entirely in your browser, also offline.",
		StartURL:        "./",
		Scope:           "./",
		Display:         "standalone",
		Orientation:     "any",
		BackgroundColor: BackgroundColor,
		ThemeColor:      ThemeColor,
		Categories:      []string{"games", "entertainment"},
		Lang:            "en",
	}
	for _, ic := range icons {
		if ic.Purpose == "" {
			continue
		}
		m.Icons = append(m.Icons, manifestIcon{
			Src:     ic.Path,
			Sizes:   fmt.Sprintf("%dx%d", ic.Size, ic.Size),
			Type:    "image/png",
			Purpose: ic.Purpose,
		})
	}
	return m
}

// JSON returns the manifest as indented JSON with a trailing newline.
func (m Manifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
