module example.com/kindsoverride

go 1.26
