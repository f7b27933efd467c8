module github.com/norunners/vert

go 1.26
