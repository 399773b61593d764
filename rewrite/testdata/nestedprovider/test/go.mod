module example.com/crds/test

go 1.26.0

require example.com/crds/api v0.0.0

replace example.com/crds/api => ../api
