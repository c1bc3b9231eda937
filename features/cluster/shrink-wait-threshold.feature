Feature: Cluster: shrink's waits give up after index.lifecycle.step.wait_time_threshold (7.13+)
  From 7.13 (the retryable shrink, elastic/elasticsearch#70107) `check-shrink-allocation` and
  `shrunk-shards-allocated` wait at most `index.lifecycle.step.wait_time_threshold` (an index setting,
  default 12h, at least 1h), counted from the index's `step_time` on the step. Past it, the next look
  at the index (ES: a cluster-state change; the simulator also looks at the first poll tick after it)
  moves it to the fallback step: `set-single-node-allocation` to choose a node again, or
  `cleanup-shrink-index` to delete the half-made shrunken index and start over. ES only logs the
  "executed for more than [12h]" message: explain shows no step_info for the move. Because the index
  still requires the old node's `_id` when it chooses again, a node that left stays the only choice
  (elastic/elasticsearch#85489): the choice fails until it comes back. 6.6 and 7.10 wait forever.

  Scenario: Shrink wait threshold: the chosen node leaves; 12h later the node is chosen again and fails until it comes back (7.17)
    Given the simulator mirrors Elasticsearch "7.17"
    And a cluster with the nodes:
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
    When the clock advances until "logs" is at step warm/shrink/check-shrink-allocation within 2d
    And the node "hot-1" leaves the cluster
    And the clock advances by 11h
    Then "logs" is at step warm/shrink/check-shrink-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for node [aCaAjSUUEKYaa-7FmvG5aM] to contain [2] shards, found [0], remaining [2]",
                       "node_id": "aCaAjSUUEKYaa-7FmvG5aM", "expected_shards": 2, "shards_left_to_allocate": 2 } }
      """
    # The threshold counts from step_time (00:10); the first poll tick after 12:10 looks again.
    When the clock advances until "logs" is at step warm/shrink/ERROR within 2h
    Then the history of "logs" is:
      | at                       | to                                        |
      | 2024-01-01T00:00:00.000Z | new/complete/complete                     |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/shrink/branch-check-prerequisites    |
      | 2024-01-02T00:00:00.000Z | warm/shrink/check-not-write-index         |
      | 2024-01-02T00:00:00.000Z | warm/shrink/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | warm/shrink/readonly                      |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-target-shards-count     |
      | 2024-01-02T00:10:00.000Z | warm/shrink/cleanup-shrink-index          |
      | 2024-01-02T00:10:00.000Z | warm/shrink/generate-index-name           |
      | 2024-01-02T00:10:00.000Z | warm/shrink/set-single-node-allocation    |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-shrink-allocation       |
      | 2024-01-02T12:20:00.000Z | warm/shrink/set-single-node-allocation    |
      | 2024-01-02T12:20:00.000Z | warm/shrink/ERROR                         |
    And the explain record of "logs" contains:
      """json
      { "failed_step": "set-single-node-allocation", "is_auto_retryable_error": true,
        "step_info": { "type": "no_node_available_exception", "reason": "could not find any nodes to allocate index [logs] onto prior to shrink" } }
      """
    When the clock advances by 1h
    Then "logs" is at step warm/shrink/ERROR
    And the explain record of "logs" has:
      | failed_step_retry_count | 6 |
    # Back, the node is the one choice again and the shrink goes on.
    When the node "hot-1" comes back
    And the clock advances until "logs" is at step warm/complete/complete within 1d

  Scenario: Shrink wait threshold: 7.10 has none: the wait goes on past 12h until the node comes back
    Given the simulator mirrors Elasticsearch "7.10"
    And a cluster with the nodes:
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
    When the clock advances until "logs" is at step warm/shrink/check-shrink-allocation within 2d
    And the node "hot-1" leaves the cluster
    And the clock advances by 3d
    Then "logs" is at step warm/shrink/check-shrink-allocation
    When I send PUT "/logs/_settings" with:
      """json
      { "index.lifecycle.step.wait_time_threshold": "1h" }
      """
    Then the response status is 400
    And the response has:
      | error.type   | illegal_argument_exception |
      | error.reason | unknown setting [index.lifecycle.step.wait_time_threshold] please check that any required plugins are installed, or check the breaking changes documentation for removed settings |

  Scenario: Shrink wait threshold: index.lifecycle.step.wait_time_threshold 1h gives up after an hour, keeping the wait's step_info as previous_step_info (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    And a cluster with the nodes:
      | name  | roles                        | attributes |
      | hot-1 | master,data_hot,data_content |            |
      | hot-2 | data_hot,data_content        |            |
    And shard allocation takes 2h
    And a lifecycle policy "shrink-one":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 }, "migrate": { "enabled": false } } } } } }
      """
    And an index "logs" with settings:
      | index.lifecycle.name                      | shrink-one |
      | index.number_of_shards                    | 2          |
      | index.number_of_replicas                  | 0          |
      | index.lifecycle.step.wait_time_threshold  | 1h         |
    When the clock advances until "logs" is at step warm/shrink/check-shrink-allocation within 2d
    And the node "hot-1" leaves the cluster
    And the clock advances until "logs" is at step warm/shrink/ERROR within 2h
    Then the explain record of "logs" contains:
      """json
      { "failed_step": "set-single-node-allocation",
        "step_info": { "type": "no_node_available_exception", "reason": "could not find any nodes to allocate index [logs] onto prior to shrink" },
        "previous_step_info": { "message": "Waiting for node [aCaAjSUUEKYaa-7FmvG5aM] to contain [2] shards, found [0], remaining [2]",
                                "node_id": "aCaAjSUUEKYaa-7FmvG5aM", "expected_shards": 2, "shards_left_to_allocate": 2 } }
      """
    When I send PUT "/logs/_settings" with:
      """json
      { "index.lifecycle.step.wait_time_threshold": "30m" }
      """
    Then the response status is 400
    And the response has:
      | error.type   | illegal_argument_exception |
      | error.reason | failed to parse value [30m] for setting [index.lifecycle.step.wait_time_threshold], must be >= [1h] |
    # Allocating the shrunken index takes 2h here, longer than the threshold: back to 12h before the node returns.
    When I send PUT "/logs/_settings" with:
      """json
      { "index.lifecycle.step.wait_time_threshold": "12h" }
      """
    And the node "hot-1" comes back
    And the clock advances until "logs" is at step warm/complete/complete within 1d

  Scenario: Shrink wait threshold: a shrunken index whose replica cannot be assigned is deleted after 12h and the shrink starts over (7.17)
    Given the simulator mirrors Elasticsearch "7.17"
    And a cluster with the nodes:
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
      | index.number_of_replicas | 1          |
    When the clock advances until "logs" is at step warm/shrink/shrunk-shards-allocated within 2d
    And the node "hot-2" leaves the cluster
    And the clock advances by 11h
    Then "logs" is at step warm/shrink/shrunk-shards-allocated
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for all shard copies to be active", "shrunk_index_exists": true, "actual_shards": 1, "all_shards_active": false } }
      """
    # step_time on shrunk-shards-allocated is 02:10; the first poll tick after 14:10 gives up.
    When the clock advances by 2h
    Then the history of "logs" is:
      | at                       | to                                        |
      | 2024-01-01T00:00:00.000Z | new/complete/complete                     |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/shrink/branch-check-prerequisites    |
      | 2024-01-02T00:00:00.000Z | warm/shrink/check-not-write-index         |
      | 2024-01-02T00:00:00.000Z | warm/shrink/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | warm/shrink/readonly                      |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-target-shards-count     |
      | 2024-01-02T00:10:00.000Z | warm/shrink/cleanup-shrink-index          |
      | 2024-01-02T00:10:00.000Z | warm/shrink/generate-index-name           |
      | 2024-01-02T00:10:00.000Z | warm/shrink/set-single-node-allocation    |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-shrink-allocation       |
      | 2024-01-02T02:10:00.000Z | warm/shrink/shrink                        |
      | 2024-01-02T02:10:00.000Z | warm/shrink/shrunk-shards-allocated       |
      | 2024-01-02T14:20:00.000Z | warm/shrink/cleanup-shrink-index          |
      | 2024-01-02T14:20:00.000Z | warm/shrink/generate-index-name           |
      | 2024-01-02T14:20:00.000Z | warm/shrink/set-single-node-allocation    |
      | 2024-01-02T14:20:00.000Z | warm/shrink/check-shrink-allocation       |
      | 2024-01-02T14:20:00.000Z | warm/shrink/shrink                        |
      | 2024-01-02T14:20:00.000Z | warm/shrink/shrunk-shards-allocated       |
    # The first shrunken index was deleted; the second has a new generated name.
    When I send GET "/_cat/indices/shrink-*?h=index"
    Then the response is:
      """
      shrink-njss-logs

      """
    When the node "hot-2" comes back
    And the clock advances until "logs" is at step warm/complete/complete within 1d
