// Package pwa builds the parts of dist/ that make the player an installable offline
// app and a one-tag embed: the icons (rendered here, no image files in the
// repository), the web app manifest, the service worker with its precache list, the
// embed and update-notice bundles, and the release step that gives assets
// content-hashed names and prints the size report.
//
// build.go calls two entry points and nothing else:
//
//	Build(dist)           after the player's own build: icons, manifest, bundles, sw.js
//	Release(dist, build)  `go run build.go dist`: clean build, hashed names, sw.js, report
//
// Files:
//
//	icon.go      the app icon, drawn with signed distance functions and supersampling
//	manifest.go  manifest.webmanifest (relative start_url and scope: works from a sub-path)
//	bundle.go    esbuild settings shared by every bundle (a package.json import keeps its
//	             version only); the embed (azurite-embed.js) and update-notice (pwa.js) bundles
//	sw.go        the precache list and dist/sw.js (template web/sw/sw.js plus the list)
//	hash.go      content-hashed names and the rewriting of references to them
//	release.go   Build, Release and the size report
package pwa
