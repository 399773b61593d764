module example.com/crdkinds

go 1.26
