Feature: Cluster: nodes with roles, tiers and attributes decide where shards go
  By default the simulated cluster is one node, `ilm-sim`, holding every role and (for allocation
  filters) every attribute. `Given a cluster with the nodes:` (`PUT /_sim/nodes`) gives it the nodes a
  real cluster has: each with ES role names (`data_hot`, `data_warm`, `data_cold`, `data_frozen`,
  `data_content`, `master`, ...; the generic `data` role counts for every tier) and attributes such as
  `box_type=warm`. Shards then sit where ES's deciders allow (allocation filters, tier preference,
  never two copies of a shard on one node, `total_shards_per_node`); a copy that may no longer stay
  where it is but has nowhere to go stays put. The waits of allocate, migrate and shrink answer with
  ES's step_info until the nodes they need join.

  Scenario: Topology: a warm phase requiring box_type warm stalls with no warm node, then completes when one joins (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    And a lifecycle policy "hot-warm-cold":
      """json
      { "policy": { "phases": {
          "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0, "require": { "box_type": "warm" } } } },
          "cold": { "min_age": "30d", "actions": { "allocate": { "require": { "box_type": "cold" } } } } } } }
      """
    And an index "logs" managed by "hot-warm-cold"
    When the clock advances by 2d
    Then "logs" is at step warm/allocate/check-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for [1] shards to be allocated to nodes matching the given filters",
                       "shards_left_to_allocate": 1, "all_shards_active": true, "actual_replicas": 0 } }
      """
    When a node joins the cluster:
      | name   | roles | attributes    |
      | warm-1 | data  | box_type=warm |
    Then "logs" is at step warm/complete/complete
    When I send GET "/_cat/shards/logs?h=index,shard,prirep,state,node"
    Then the response is:
      """
      logs 0 p STARTED warm-1

      """
    When the clock advances by 30d
    Then "logs" is at step cold/allocate/check-allocation
    When a node joins the cluster:
      | name   | roles | attributes    |
      | cold-1 | data  | box_type=cold |
    Then "logs" is at step cold/complete/complete

  Scenario: Topology: a node with only the data_warm role never takes an index whose default tier preference is data_content (7.10)
    # From 7.10 a new index gets `_tier_preference: data_content`; allocate's filters do not change it.
    Given a cluster with the nodes:
      | name   | roles                        | attributes    |
      | hot-1  | master,data_hot,data_content | box_type=hot  |
      | warm-1 | data_warm                    | box_type=warm |
    And a lifecycle policy "warm-box":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0, "require": { "box_type": "warm" } } } } } } }
      """
    And an index "logs" managed by "warm-box"
    When the clock advances by 2d
    Then "logs" is at step warm/allocate/check-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for [1] shards to be allocated to nodes matching the given filters",
                       "shards_left_to_allocate": 1, "all_shards_active": true, "actual_replicas": 0 } }
      """
    When I send PUT "/logs/_settings" with:
      """json
      { "index.routing.allocation.include._tier_preference": "data_warm,data_hot" }
      """
    Then "logs" is at step warm/complete/complete

  Scenario: Topology: 8.19 names number_of_replicas in the check-allocation step_info
    Given the simulator mirrors Elasticsearch "8.19"
    And a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    And a lifecycle policy "warm-box":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0, "require": { "box_type": "warm" } } } } } } }
      """
    And an index "logs" managed by "warm-box"
    When the clock advances by 1d
    Then "logs" is at step warm/allocate/check-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for [1] shards to be allocated to nodes matching the given filters",
                       "shards_left_to_allocate": 1, "all_shards_active": true, "number_of_replicas": 0 } }
      """

  Scenario Outline: Topology: a migrate to the cold tier with no node of any preferred tier stalls, then completes when a cold node joins (<profile>)
    Given the simulator mirrors Elasticsearch "<profile>"
    And a cluster with the nodes:
      | name      | roles               | attributes |
      | content-1 | master,data_content |            |
    And a lifecycle policy "to-cold":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0 } } } } } }
      """
    And an index "logs" managed by "to-cold"
    When the clock advances by 1d
    Then "logs" is at step cold/migrate/check-migration
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "index [logs] has a preference for tiers <tiers>, but no nodes for any of those tiers are available in the cluster",
                       "shards_left_to_allocate": 1, "all_shards_active": true, "<replicas>": 0 } }
      """
    When a node joins the cluster:
      | name   | roles     | attributes |
      | cold-1 | data_cold |            |
    Then "logs" is at step cold/complete/complete

    Examples:
      | profile | tiers                                 | replicas           |
      | 7.10    | [data_cold,data_warm,data_hot]        | actual_replicas    |
      | 7.17    | [data_cold, data_warm, data_hot]      | number_of_replicas |
      | 8.19    | [data_cold, data_warm, data_hot]      | number_of_replicas |

  Scenario: Topology: a replica on one cold node cannot follow its primary: check-migration waits for it (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    And a cluster with the nodes:
      | name   | roles                        | attributes |
      | hot-1  | master,data_hot,data_content |            |
      | hot-2  | data_hot,data_content        |            |
      | cold-1 | data_cold                    |            |
    And a lifecycle policy "to-cold":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": {} } } } }
      """
    And an index "logs" managed by "to-cold"
    When the clock advances by 1d
    Then "logs" is at step cold/migrate/check-migration
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "[logs] lifecycle action [migrate] waiting for [1] shards to be moved to the [data_cold] tier (tier migration preference configuration is [data_cold, data_warm, data_hot])",
                       "shards_left_to_allocate": 1, "all_shards_active": true, "number_of_replicas": 1 } }
      """
    When a node joins the cluster:
      | name   | roles     | attributes |
      | cold-2 | data_cold |            |
    Then "logs" is at step cold/complete/complete

  Scenario: Topology: a replica on a one-node-per-tier cluster keeps health yellow; a node leaving makes it red
    Given a cluster with the nodes:
      | name   | roles                        | attributes |
      | hot-1  | master,data_hot,data_content |            |
      | warm-1 | data_warm                    |            |
    And an index "logs" with settings:
      | index.number_of_replicas                          | 1            |
      | index.routing.allocation.include._tier_preference | data_content |
    When I send GET "/_cluster/health"
    Then the response has:
      | status            | yellow |
      | number_of_nodes   | 2      |
      | active_shards     | 1      |
      | unassigned_shards | 1      |
    When I send GET "/_cat/shards?v&h=index,shard,prirep,state,node"
    Then the response is:
      """
      index shard prirep state      node
      logs  0     p      STARTED    hot-1
      logs  0     r      UNASSIGNED 

      """
    When I send GET "/_cat/allocation?h=shards,node"
    Then the response is:
      """
      1 hot-1
      0 warm-1
      1 UNASSIGNED

      """
    When the node "hot-1" leaves the cluster
    And I send GET "/_cluster/health"
    Then the response has:
      | status                    | red |
      | number_of_nodes           | 1   |
      | active_primary_shards     | 0   |
      | unassigned_shards         | 2   |
    When the node "hot-1" comes back
    And I send GET "/_cluster/health/logs"
    Then the response has:
      | status | yellow |

  Scenario: Topology: a shrink waits while its chosen node is away, and goes on when it comes back (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes |
      | hot-1 | master,data_hot,data_content |            |
      | hot-2 | data_hot,data_content        |            |
    And shard allocation takes 2h
    And a lifecycle policy "shrink-one":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 }, "migrate": { "enabled": false } } } } } }
      """
    And an index "logs" with settings:
      | index.lifecycle.name     | shrink-one |
      | index.number_of_shards   | 2          |
      | index.number_of_replicas | 0          |
    When I send GET "/_cat/shards/logs?h=shard,prirep,node"
    Then the response is:
      """
      0 p hot-1
      1 p hot-2

      """
    When the clock advances until "logs" is at step warm/shrink/check-shrink-allocation within 2d
    And I send GET "/logs/_settings/index.routing.allocation.require._id?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.routing.allocation.require._id": "aCaAjSUUEKYaa-7FmvG5aM" } } }
      """
    When the node "hot-1" leaves the cluster
    And the clock advances by 3h
    Then "logs" is at step warm/shrink/check-shrink-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for node [aCaAjSUUEKYaa-7FmvG5aM] to contain [2] shards, found [0], remaining [2]",
                       "node_id": "aCaAjSUUEKYaa-7FmvG5aM", "expected_shards": 2, "shards_left_to_allocate": 2 } }
      """
    When I send GET "/_cluster/health"
    Then the response has:
      | status | red |
    When the node "hot-1" comes back
    Then "logs" is at step warm/shrink/shrink
    When the clock advances until "logs" is at step warm/complete/complete within 1d

  Scenario: Topology: a shrink with no node able to hold a copy of every shard fails with ES's error (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
      | hot-2 | data_hot,data_content        | box_type=hot |
    And a lifecycle policy "shrink-one":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 }, "migrate": { "enabled": false } } } } } }
      """
    And an index "logs" with settings:
      | index.lifecycle.name                      | shrink-one |
      | index.number_of_shards                    | 2          |
      | index.number_of_replicas                  | 0          |
      | index.routing.allocation.require.box_type | hot        |
    When the node "hot-1" leaves the cluster
    And the node "hot-2" leaves the cluster
    And the clock advances until "logs" is at step warm/shrink/ERROR within 2d
    And the explain record of "logs" contains:
      """json
      { "failed_step": "set-single-node-allocation",
        "step_info": { "type": "no_node_available_exception", "reason": "could not find any nodes to allocate index [logs] onto prior to shrink" } }
      """

  Scenario: Topology: with no data_content node new indices are red, and rollover waits for the new index's shards (7.10)
    Given a cluster with the nodes:
      | name  | roles           | attributes |
      | hot-1 | master,data_hot |            |
    And a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs", "index.number_of_replicas": 0 } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"
    When I send GET "/_cluster/health/logs-000001"
    Then the response has:
      | status                    | red |
      | unassigned_shards         | 1   |
    When the clock advances by 1d
    Then "logs-000001" is at step hot/rollover/wait-for-active-shards
    And the explain record of "logs-000001" contains:
      """json
      { "step_info": { "message": "waiting for [1] shards to become active, but only [0] are active",
                       "current_active_shards_count": 0, "target_active_shards_count": "1", "enough_shards_active": false } }
      """
    When a node joins the cluster:
      | name      | roles        | attributes |
      | content-1 | data_content |            |
    Then "logs-000001" is at step hot/rollover/set-indexing-complete
    When the clock advances until "logs-000001" is at step hot/complete/complete within 1h
    When I send GET "/_cat/shards?h=index,state,node"
    Then the response is:
      """
      logs-000001 STARTED content-1
      logs-000002 STARTED content-1

      """
