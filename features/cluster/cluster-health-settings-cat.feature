Feature: Cluster: settings, health and the _cat tables on one node
  The simulated cluster is one node holding every role and tier. Its health follows from that: a
  replica can never sit beside its primary, so an index with replicas is yellow; a new index whose
  shards are slow to start (`PUT /_sim/allocation`) has its primaries initializing, which ES also
  reports as yellow. `PUT /_cluster/settings` keeps persistent and transient settings, and a new
  `indices.lifecycle.poll_interval` moves ILM's poll ticks from the moment it is set, as ES reschedules
  its ILM job.

  Background:
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "warm": { "min_age": "65m", "actions": { "readonly": {} } } } } }
      """

  Scenario: Cluster: health is yellow with replicas on one node, green without
    Given an index "logs-1" with settings:
      | index.number_of_shards | 2 |
    And an index "single" with settings:
      | index.number_of_replicas | 0 |
    When I send GET "/_cluster/health?level=indices&filter_path=status,active_shards,unassigned_shards,active_shards_percent_as_number,indices.*.status"
    Then the response is:
      """json
      {"status":"yellow","active_shards":3,"unassigned_shards":2,"active_shards_percent_as_number":60.0,"indices":{"logs-1":{"status":"yellow"},"single":{"status":"green"}}}
      """
    When I send GET "/_cluster/health/single?filter_path=status"
    Then the response is:
      """json
      {"status":"green"}
      """
    When I send GET "/_cluster/health?wait_for_status=green&filter_path=status,timed_out"
    Then the response status is 408
    And the response is:
      """json
      {"status":"yellow","timed_out":true}
      """

  Scenario: Cluster: a new index's primaries are initializing while allocation is slow
    Given shard allocation takes 2h
    And an index "slow" with settings:
      | index.number_of_replicas | 0 |
    When I send GET "/_cluster/health/slow?filter_path=status,active_primary_shards,initializing_shards"
    Then the response is:
      """json
      {"status":"yellow","active_primary_shards":0,"initializing_shards":1}
      """
    When the clock advances by 2h
    And I send GET "/_cluster/health/slow?filter_path=status,active_primary_shards,initializing_shards"
    Then the response is:
      """json
      {"status":"green","active_primary_shards":1,"initializing_shards":0}
      """

  Scenario: Cluster: a shorter poll interval set at run time moves the warm phase earlier
    Given an index "logs-1" managed by "logs"
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "indices.lifecycle.poll_interval": "1m" } }
      """
    Then the response is:
      """json
      {"acknowledged":true,"persistent":{"indices":{"lifecycle":{"poll_interval":"1m"}}},"transient":{}}
      """
    When the clock advances until "logs-1" is in the "warm" phase
    Then the explain record of "logs-1" has:
      | phase_time_millis | 1704071100000 |
    When I send GET "/_cluster/settings?flat_settings"
    Then the response is:
      """json
      {"persistent":{"indices.lifecycle.poll_interval":"1m"},"transient":{}}
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "indices.lifecycle.poll_interval": "500ms" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      failed to parse value [500ms] for setting [indices.lifecycle.poll_interval], must be >= [1s]
      """

  Scenario: Cluster: with the default poll interval the warm phase waits for the 70-minute tick
    Given an index "logs-1" managed by "logs"
    When the clock advances until "logs-1" is in the "warm" phase
    Then the explain record of "logs-1" has:
      | phase_time_millis | 1704071400000 |

  Scenario: Cluster: the _cat tables as text and as JSON (7.10)
    Given an index "logs-000001" is the write index of the alias "logs"
    And 3 documents of 1kb are indexed into "logs"
    When I send GET "/_cat/indices?v&h=health,status,index,pri,rep,docs.count,store.size"
    Then the response is:
      """
      health status index       pri rep docs.count store.size
      yellow open   logs-000001   1   1          3        3kb

      """
    When I send GET "/_cat/aliases?format=json"
    Then the response is:
      """json
      [{"alias":"logs","index":"logs-000001","filter":"-","routing.index":"-","routing.search":"-","is_write_index":"true"}]
      """

  @profile:8.19
  Scenario: Cluster: 8.x shows unassigned_primary_shards and the dataset size
    Given an index "logs-000001" without a policy
    When I send GET "/_cluster/health?filter_path=unassigned_shards,unassigned_primary_shards"
    Then the response is:
      """json
      {"unassigned_shards":1,"unassigned_primary_shards":0}
      """
    When I send GET "/_cat/indices?format=json&h=index,dataset.size"
    Then the response is:
      """json
      [{"index":"logs-000001","dataset.size":"0b"}]
      """
