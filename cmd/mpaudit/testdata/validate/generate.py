# Builds a trimmed CAPD release bundle from Cluster API's CRD bases.
import sys, yaml
src, tag, labels, out = sys.argv[1], sys.argv[2], dict(l.split('=') for l in sys.argv[3].split(',')), sys.argv[4]
kinds = ["dockerclusters", "dockermachines", "dockermachinepools", "dockermachinetemplates"]

def prune(node, depth):
    if not isinstance(node, dict):
        return node
    node.pop("description", None)
    node.pop("x-kubernetes-validations", None)
    for k in ("items", "additionalProperties"):
        if isinstance(node.get(k), dict):
            node[k] = prune(node[k], depth + 1) if depth < 3 else {"type": node[k].get("type", "object")}
    if "properties" in node:
        if depth >= 3:
            node.pop("properties"); node.pop("required", None)
        else:
            node["properties"] = {k: prune(v, depth + 1) for k, v in node["properties"].items()
                                  if depth > 0 or k in ("spec", "status")}
    return node

docs = [{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "capd-system"}}]
for k in kinds:
    crd = yaml.safe_load(open(f"{src}/infrastructure.cluster.x-k8s.io_{k}.yaml"))
    crd["metadata"].pop("annotations", None)
    crd["metadata"]["labels"] = dict(labels)
    for v in crd["spec"]["versions"]:
        v.pop("additionalPrinterColumns", None)
        v["schema"]["openAPIV3Schema"] = prune(v["schema"]["openAPIV3Schema"], 0)
    docs.append(crd)
docs.append({"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "capd-controller-manager", "namespace": "capd-system"},
             "spec": {"selector": {"matchLabels": {"app": "capd"}}, "template": {"metadata": {"labels": {"app": "capd"}},
             "spec": {"containers": [{"name": "manager", "image": "gcr.io/k8s-staging-cluster-api/capd-manager:" + tag}]}}}})
with open(out, "w") as f:
    f.write(f"# Generated from kubernetes-sigs/cluster-api {tag}, test/infrastructure/docker/config/crd/bases\n"
            "# (CRDs of DockerCluster, DockerMachine, DockerMachinePool, DockerMachineTemplate; labels from its\n"
            "# kustomization): descriptions dropped, schemas cut below three levels, a Namespace and a\n"
            "# Deployment added as a release's infrastructure-components.yaml has them.\n")
    yaml.safe_dump_all(docs, f, sort_keys=False)
