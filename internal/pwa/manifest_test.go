package pwa

import (
	"encoding/json"
	"testing"
)

func TestManifest(t *testing.T) {
	data, err := NewManifest().JSON()
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"start_url": "./", "scope": "./", "id": "./", "display": "standalone", "theme_color": ThemeColor} {
		if m[k] != want {
			t.Errorf("%s = %v, want %q (relative URLs keep a sub-path install working)", k, m[k], want)
		}
	}
	have := map[string]bool{}
	for _, ic := range m["icons"].([]any) {
		o := ic.(map[string]any)
		have[o["sizes"].(string)+" "+o["purpose"].(string)] = true
	}
	for _, want := range []string{"192x192 any", "512x512 any", "512x512 maskable"} {
		if !have[want] {
			t.Errorf("manifest lacks icon %s", want)
		}
	}
}
