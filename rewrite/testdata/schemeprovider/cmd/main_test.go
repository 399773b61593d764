package main

import "testing"

func TestScheme(t *testing.T) {
	if !scheme.IsGroupRegistered("cluster.x-k8s.io") {
		t.Error("Cluster API's group is not registered")
	}
}
