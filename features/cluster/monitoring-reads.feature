Feature: Cluster: what exporters and Curator read beside ILM
  Refresh and index stats answer over the one node's shards (replicas unassigned, so one of two copies
  answers), with the counted documents and bytes; data stream stats add up the backing indices; from
  8.7 the health report's ILM indicator says whether ILM runs. Count answers the counted documents for
  a query matching them all, node stats the one node's, and _cat/health the cluster health as a table.

  Background:
    Given an index "logs-000001" is the write index of the alias "logs"
    And 4 documents of 1kb are indexed into "logs"

  Scenario: Cluster: refresh and stats
    When I send POST "/logs/_refresh"
    Then the response is:
      """json
      {"_shards":{"total":2,"successful":1,"failed":0}}
      """
    When I send GET "/logs-000001/_stats/docs,store?filter_path=_all.primaries,indices.*.uuid"
    Then the response contains:
      """json
      {"_all":{"primaries":{"docs":{"count":4,"deleted":0},"store":{"size_in_bytes":4096,"reserved_in_bytes":0}}}}
      """

  @profile:8.19
  Scenario: Cluster: data stream stats and the ILM health indicator (8.19)
    The template outranks the built-in `logs` template (`logs-*-*`, priority 100), and the health
    report counts the 16 built-in policies (the user's `logs` replaces the legacy one of that name).
    Given an index template "logs-ds":
      """json
      { "index_patterns": ["logs-ds-*"], "data_stream": {}, "priority": 200 }
      """
    And I create the data stream "logs-ds-app"
    When I send GET "/_data_stream/_stats?human"
    Then the response is:
      """json
      {"_shards":{"total":2,"successful":1,"failed":0},"data_stream_count":1,"backing_indices":1,"total_store_size":"0b","total_store_size_bytes":0,"data_streams":[{"data_stream":"logs-ds-app","backing_indices":1,"store_size":"0b","store_size_bytes":0,"maximum_timestamp":0}]}
      """
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    When I send GET "/_health_report/ilm"
    Then the response is:
      """json
      {"cluster_name":"ilm-sim","indicators":{"ilm":{"status":"green","symptom":"Index Lifecycle Management is running","details":{"ilm_status":"RUNNING","policies":16,"stagnating_indices":0}}}}
      """
    When I send POST "/_ilm/stop"
    And I send GET "/_health_report/ilm?filter_path=indicators.ilm.status,indicators.ilm.symptom,indicators.ilm.diagnosis.id"
    Then the response is:
      """json
      {"indicators":{"ilm":{"status":"yellow","symptom":"Index Lifecycle Management is not running","diagnosis":[{"id":"elasticsearch:health:ilm:diagnosis:ilm_disabled"}]}}}
      """

  Scenario: Cluster: 7.10 has no health report
    When I send GET "/_health_report/ilm"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_health_report/ilm] and method [GET]"}
      """

  Scenario: Cluster: the one node and the metadata part of the cluster state
    When I send GET "/_nodes?filter_path=_nodes,nodes.*.name,nodes.*.version"
    Then the response is:
      """json
      {"_nodes":{"total":1,"successful":1,"failed":0},"nodes":{"wDCpG24SSXyi-1q-E_tX5Q":{"name":"ilm-sim","version":"7.10.2"}}}
      """
    When I send GET "/_cluster/state/metadata/logs-*?filter_path=metadata.indices.*.state,metadata.indices.*.aliases,metadata.indices.*.settings.index.creation_date"
    Then the response is:
      """json
      {"metadata":{"indices":{"logs-000001":{"state":"open","settings":{"index":{"creation_date":"1704067200000"}},"aliases":["logs"]}}}}
      """

  Scenario: Cluster: counting documents, as the clients' count does
    Given an index "other" without a policy
    And 2 documents of 1kb are indexed into "other"
    When I send GET "/_count"
    Then the response is:
      """json
      {"count":6,"_shards":{"total":2,"successful":2,"skipped":0,"failed":0}}
      """
    When I send POST "/logs/_count" with:
      """json
      { "query": { "match_all": {} } }
      """
    Then the response is:
      """json
      {"count":4,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0}}
      """
    When I send POST "/logs/_count" with:
      """json
      { "query": { "term": { "user": "kimchy" } } }
      """
    Then the response status is 400
    And the response contains:
      """json
      {"error":{"type":"illegal_argument_exception","reason":"ilm-sim keeps no document contents and counts only queries matching every document ([match_all] or no query), not [term]"}}
      """
    When I send GET "/missing/_count"
    Then the response status is 404

  Scenario: Cluster: node stats of the one node, as exporters read them
    When I send GET "/_nodes/_local/stats/indices,jvm?filter_path=_nodes,cluster_name,nodes.*.name,nodes.*.indices,nodes.*.jvm.uptime_in_millis"
    Then the response is:
      """json
      {"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"ilm-sim","nodes":{"wDCpG24SSXyi-1q-E_tX5Q":{"name":"ilm-sim","indices":{"docs":{"count":4,"deleted":0},"store":{"size_in_bytes":4096,"reserved_in_bytes":0}},"jvm":{"uptime_in_millis":0}}}}
      """
    When I send GET "/_nodes/no-such-node/stats"
    Then the response is:
      """json
      {"_nodes":{"total":0,"successful":0,"failed":0},"cluster_name":"ilm-sim","nodes":{}}
      """

  Scenario: Cluster: _cat/health on the simulated clock
    When the clock advances by 90m
    And I send GET "/_cat/health?v&h=timestamp,cluster,status,shards,pri,unassign,active_shards_percent"
    Then the response is:
      """
      timestamp cluster status shards pri unassign active_shards_percent
      01:30:00  ilm-sim yellow      1   1        1                 50.0%

      """
