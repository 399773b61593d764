// Package main is a test fixture: a manager whose webhook server reads its
// certificate from the directory named by --webhook-cert-dir.
package main

import (
	"flag"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

func main() {
	var certDir string
	var port int
	flag.StringVar(&certDir, "webhook-cert-dir", "/var/run/widget-webhook-certs", "Directory of the webhook serving certificate.")
	flag.IntVar(&port, "webhook-port", 9444, "Webhook server port.")
	flag.Parse()
	_, _ = ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		WebhookServer: webhook.NewServer(webhook.Options{CertDir: certDir, Port: port}),
	})
}
