module github.com/azurite-chess/azurite

go 1.26

ignore (
	./dist
	./node_modules
	./test-results
)
