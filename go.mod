module github.com/azurite-chess/azurite

go 1.26

ignore (
	./dist
	./node_modules
	./test-results
)

require github.com/norunners/vert v0.0.0-20221203075838-106a353d42dd
