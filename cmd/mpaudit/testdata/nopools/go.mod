module example.com/nopools

go 1.26.0
