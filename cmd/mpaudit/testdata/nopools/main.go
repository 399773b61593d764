// Package main is a module without any InfraMachinePool type.
package main

func main() {}
