module example.com/suppressed

go 1.26.0
