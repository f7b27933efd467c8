module github.com/azurite-chess/azurite

go 1.26
