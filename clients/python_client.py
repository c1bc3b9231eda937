# The Python leg of the client compatibility suite (clients/run.ts): Debian's python3-elasticsearch,
# unmodified, drives an alias rollover lifecycle on `ilm-sim serve` and checks ES's answers. Run with
# Debian's /usr/bin/python3 and the server URL as the only argument; exits non-zero on the first failed check.
import sys
import warnings

import elasticsearch
from elasticsearch import Elasticsearch, helpers

warnings.simplefilter("ignore", DeprecationWarning)  # the 7.17 client warns about body=; 7.x setups use it
url = sys.argv[1]
es = Elasticsearch(url)


def check(label, actual, expected):
    if actual != expected:
        print(f"FAIL {label}: expected {expected!r}, got {actual!r}")
        sys.exit(1)
    print(f"  ok {label}: {actual!r}")


def advance(by):
    es.transport.perform_request("POST", "/_sim/clock/_advance", body={"by": by},
                                 headers={"content-type": "application/json"})


print(f"  python3-elasticsearch {elasticsearch.__versionstr__}")
check("server version", es.info()["version"]["number"], "7.17.6")
check("ILM running", es.ilm.get_status()["operation_mode"], "RUNNING")

es.ilm.put_lifecycle(policy="py-policy", body={"policy": {"phases": {
    "hot": {"actions": {"rollover": {"max_docs": 100}}},
    "delete": {"min_age": "2d", "actions": {"delete": {}}},
}}})
check("policy stored", sorted(es.ilm.get_lifecycle(policy="py-policy")["py-policy"]["policy"]["phases"]), ["delete", "hot"])

es.indices.put_template(name="py-template", body={
    "index_patterns": ["py-app-*"], "order": 1,
    "settings": {"index.lifecycle.name": "py-policy", "index.lifecycle.rollover_alias": "py-app",
                 "number_of_replicas": 0},
})
check("template exists", es.indices.exists_template(name="py-template"), True)
es.indices.create(index="py-app-000001", body={"aliases": {"py-app": {"is_write_index": True}}})
settings = es.indices.get_settings(index="py-app-000001")["py-app-000001"]["settings"]["index"]
check("template put the policy on the index", settings["lifecycle"]["name"], "py-policy")

ok, errors = helpers.bulk(es, ({"_index": "py-app", "_source": {"n": i}} for i in range(150)))
check("bulk indexed", (ok, errors), (150, []))
es.indices.refresh(index="py-app")
stats = es.indices.stats(index="py-app-000001", metric="docs")
check("_stats docs.count", stats["indices"]["py-app-000001"]["primaries"]["docs"]["count"], 150)
cat = {row["index"]: row for row in es.cat.indices(index="py-app-*", format="json")}
check("_cat/indices docs.count", cat["py-app-000001"]["docs.count"], "150")
check("count through the alias", es.count(index="py-app")["count"], 150)
check("count with match_all", es.count(index="py-app-*", body={"query": {"match_all": {}}})["count"], 150)
node = next(iter(es.nodes.stats(node_id="_local", metric="indices")["nodes"].values()))
check("node stats docs.count", node["indices"]["docs"]["count"], 150)
check("_cat/health status", es.cat.health(format="json")[0]["status"], "green")

advance("20m")
explain = es.ilm.explain_lifecycle(index="py-app-*")["indices"]
check("old index rolled over", explain["py-app-000001"].get("action"), "complete")
check("old index phase", explain["py-app-000001"]["phase"], "hot")
check("new index managed", explain["py-app-000002"]["policy"], "py-policy")
aliases = es.indices.get_alias(name="py-app")
check("write alias moved", {i: a["aliases"]["py-app"].get("is_write_index") for i, a in aliases.items()},
      {"py-app-000001": False, "py-app-000002": True})

advance("3d")
check("old index deleted by the delete phase", es.indices.exists(index="py-app-000001"), False)
check("new index still there", es.indices.exists(index="py-app-000002"), True)
check("health", es.cluster.health()["status"], "green")
print("  python client workflow done")
