package pwa

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// bundles are the pwa helper's own esbuild entry points: source -> output inside dist/.
// They are separate from the player's bundle because they load on their own: pwa.js
// beside the player, azurite-embed.js on any host page.
var bundles = []struct{ src, out string }{
	{"web/pwa/pwa.js", "pwa.js"},
	{"web/embed/azurite-embed.js", "azurite-embed.js"},
}

// bundleJS builds every entry of bundles into dist as minified ES modules. A CSS file
// imported from JS becomes its bundled, minified text (see cssTextPlugin), so a module
// can adopt it as a constructable stylesheet in its shadow root: no <style> element and
// no inline style, which the strict CSP would refuse.
func bundleJS(dist string) error {
	for _, b := range bundles {
		opts := BundleOptions()
		opts.EntryPoints = []string{b.src}
		opts.Outfile = filepath.Join(dist, b.out)
		opts.Plugins = append(opts.Plugins, cssTextPlugin())
		if err := ESBuildError(b.src, api.Build(opts).Errors); err != nil {
			return err
		}
	}
	return nil
}

// BundleOptions returns the esbuild settings every Azurite bundle shares (the
// player's in build.go and the pwa and embed bundles here): bundled, minified
// ES2020 modules for the browser with linked source maps and legal comments,
// written to disk, with packageVersionPlugin. Callers set the entry points and the
// output, and append any further plugins.
func BundleOptions() api.BuildOptions {
	return api.BuildOptions{
		Plugins:           []api.Plugin{packageVersionPlugin()},
		Bundle:            true,
		Format:            api.FormatESModule,
		Platform:          api.PlatformBrowser,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Sourcemap:         api.SourceMapLinked,
		LegalComments:     api.LegalCommentsLinked,
		Write:             true,
		LogLevel:          api.LogLevelWarning,
	}
}

// ESBuildError turns esbuild's error messages for what into one error, or nil
// when there are none.
func ESBuildError(what string, errs []api.Message) error {
	if len(errs) == 0 {
		return nil
	}
	msgs := api.FormatMessages(errs, api.FormatMessagesOptions{Kind: api.ErrorMessage})
	return fmt.Errorf("esbuild %s: %d error(s):\n%s", what, len(errs), strings.Join(msgs, ""))
}

// cssTextPlugin turns `import css from './x.css'` into the string of x.css bundled with
// its @imports resolved (cm-chessboard's stylesheets come in this way) and minified.
func cssTextPlugin() api.Plugin {
	return api.Plugin{
		Name: "css-text",
		Setup: func(pb api.PluginBuild) {
			pb.OnResolve(api.OnResolveOptions{Filter: `\.css$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
				if a.Kind != api.ResolveJSImportStatement {
					return api.OnResolveResult{}, nil
				}
				return api.OnResolveResult{Path: filepath.Join(a.ResolveDir, a.Path), Namespace: "css-text"}, nil
			})
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "css-text"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				res := api.Build(api.BuildOptions{
					EntryPoints:      []string{a.Path},
					Bundle:           true,
					Write:            false,
					MinifyWhitespace: true,
					MinifySyntax:     true,
					LogLevel:         api.LogLevelWarning,
					External:         []string{"*.svg"},
				})
				if err := ESBuildError(a.Path, res.Errors); err != nil {
					return api.OnLoadResult{}, err
				}
				if len(res.OutputFiles) != 1 {
					return api.OnLoadResult{}, fmt.Errorf("css %s: %d outputs, want 1", a.Path, len(res.OutputFiles))
				}
				text := string(res.OutputFiles[0].Contents)
				return api.OnLoadResult{Contents: &text, Loader: api.LoaderText, ResolveDir: filepath.Dir(a.Path)}, nil
			})
		},
	}
}

// packageVersionPlugin bundles a package.json imported from JS as {"version": …}
// alone: web/board-patches.js reads cm-chessboard's version that way, and the rest of
// the file (description, scripts, URLs) has no business in the page. Node, which runs
// the same module in the unit tests, reads the whole file.
func packageVersionPlugin() api.Plugin {
	return api.Plugin{
		Name: "package-version",
		Setup: func(pb api.PluginBuild) {
			pb.OnLoad(api.OnLoadOptions{Filter: `[/\\]package\.json$`}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
				return loadPackageVersion(a.Path)
			})
		},
	}
}

// loadPackageVersion returns the package.json at path as the JSON {"version": …}.
func loadPackageVersion(path string) (api.OnLoadResult, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return api.OnLoadResult{}, fmt.Errorf("package version: %w", err)
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		return api.OnLoadResult{}, fmt.Errorf("package version: %s: %w", path, err)
	}
	if pkg.Version == "" {
		return api.OnLoadResult{}, fmt.Errorf("package version: %s has no version", path)
	}
	out, err := json.Marshal(map[string]string{"version": pkg.Version})
	if err != nil {
		return api.OnLoadResult{}, fmt.Errorf("package version: %w", err)
	}
	text := string(out)
	return api.OnLoadResult{Contents: &text, Loader: api.LoaderJSON}, nil
}
