module example.com/syntaxerr

go 1.26.0
