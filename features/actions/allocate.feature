Feature: Actions: allocate sets replicas and allocation filters, then waits for the shards
  The allocate action is one settings update (`allocate`) and one cluster-state wait
  (`check-allocation`). The simulated cluster has nodes of every attribute, so by default the wait
  holds in the same update; `/_sim/allocation` makes it visible (see slow-allocation.feature).
  GET policy prints the replica count when set, then `include`, `exclude` and `require`, always as
  objects; filter values are kept as text, so a number becomes a string. The index keeps the
  `data_content` tier preference it was created with (7.10+) beside the action's rules.

  Scenario: Allocate: 7.10 applies the replicas and filters, passing allocate and check-allocation
    Given a lifecycle policy "warm-box":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": {
          "allocate": { "number_of_replicas": 0, "include": { "box_type": "warm", "rack": 3 }, "exclude": { "zone": "b" } } } } } } }
      """
    And an index "logs" managed by "warm-box"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete
    And the history of "logs" is:
      | at                       | from                           | to                             | success |
      | 2024-01-01T00:00:00.000Z | -                              | new/complete/complete          | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete          | warm/allocate/allocate         | true    |
      | 2024-01-02T00:00:00.000Z | warm/allocate/allocate         | warm/allocate/check-allocation | true    |
      | 2024-01-02T00:00:00.000Z | warm/allocate/check-allocation | warm/complete/complete         | true    |
    When I send GET "/logs/_settings/index.number_of_replicas,index.routing.*?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.number_of_replicas": "0", "index.routing.allocation.exclude.zone": "b",
                                "index.routing.allocation.include._tier_preference": "data_content",
                                "index.routing.allocation.include.box_type": "warm", "index.routing.allocation.include.rack": "3" } } }
      """
    When I get the lifecycle policy "warm-box"
    Then the response has:
      | warm-box.policy.phases.warm.actions.allocate | {"number_of_replicas":0,"include":{"rack":"3","box_type":"warm"},"exclude":{"zone":"b"},"require":{}} |

  Scenario: Allocate: 7.10 does not inject migrate beside allocation rules
    Given a lifecycle policy "cold-box":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "allocate": { "require": { "box_type": "cold" } } } } } } }
      """
    And an index "logs" managed by "cold-box"
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    And the history of "logs" is:
      | at                       | from                           | to                             | success |
      | 2024-01-01T00:00:00.000Z | -                              | new/complete/complete          | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete          | cold/allocate/allocate         | true    |
      | 2024-01-02T00:00:00.000Z | cold/allocate/allocate         | cold/allocate/check-allocation | true    |
      | 2024-01-02T00:00:00.000Z | cold/allocate/check-allocation | cold/complete/complete         | true    |
    When I send GET "/logs/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.routing.allocation.include._tier_preference": "data_content",
                                "index.routing.allocation.require.box_type": "cold" } } }
      """

  Scenario: Allocate: 7.10 injects migrate after an allocate that only sets replicas
    Given a lifecycle policy "cold-replicas":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0 } } } } } }
      """
    And an index "logs" managed by "cold-replicas"
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    When I send GET "/logs/_settings/index.number_of_replicas,index.routing.*?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.number_of_replicas": "0", "index.routing.allocation.include._tier_preference": "data_cold,data_warm,data_hot" } } }
      """

  @profile:8.19
  Scenario: Allocate: 8.19 injects migrate even beside allocation rules, and sets total_shards_per_node
    Given a lifecycle policy "cold-box":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "allocate": { "total_shards_per_node": 2, "require": { "box_type": "cold" } } } } } } }
      """
    And an index "logs" managed by "cold-box"
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    And the history of "logs" is:
      | at                       | from                                  | to                                    | success |
      | 2024-01-01T00:00:00.000Z | -                                     | new/complete/complete                 | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete                 | cold/allocate/allocate                | true    |
      | 2024-01-02T00:00:00.000Z | cold/allocate/allocate                | cold/allocate/check-allocation        | true    |
      | 2024-01-02T00:00:00.000Z | cold/allocate/check-allocation        | cold/migrate/branch-check-skip-action | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/branch-check-skip-action | cold/migrate/migrate                  | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate                  | cold/migrate/check-migration          | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration          | cold/complete/complete                | true    |
    When I send GET "/logs/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.routing.allocation.include._tier_preference": "data_cold,data_warm,data_hot",
                                "index.routing.allocation.require.box_type": "cold", "index.routing.allocation.total_shards_per_node": "2" } } }
      """
    When I get the lifecycle policy "cold-box"
    Then the response has:
      | cold-box.policy.phases.cold.actions.allocate | {"total_shards_per_node":2,"include":{},"exclude":{},"require":{"box_type":"cold"}} |

  @profile:6.6
  Scenario: Allocate: 6.6 runs the same two steps and ends the policy at completed
    Given a lifecycle policy "warm-replicas":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 2 } } } } } }
      """
    And an index "logs" managed by "warm-replicas"
    When the clock advances by 1d
    Then "logs" is at step completed/completed/completed
    And the history of "logs" is:
      | at                       | from                           | to                             | success |
      | 2024-01-01T00:00:00.000Z | -                              | new/complete/complete          | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete          | warm/allocate/allocate         | true    |
      | 2024-01-02T00:00:00.000Z | warm/allocate/allocate         | warm/allocate/check-allocation | true    |
      | 2024-01-02T00:00:00.000Z | warm/allocate/check-allocation | completed/completed/completed  | true    |
    When I send GET "/logs/_settings/index.number_of_replicas?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.number_of_replicas": "2" } } }
      """

  Scenario: Allocate: 7.10 refuses an allocate without rules or replicas (ES's message, sic)
    When I put the lifecycle policy "empty":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"include": {}}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [allocate] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"At least one of include, exclude or requiremust contain attributes for action allocate"}}}}}}}}
      """

  @profile:8.19
  Scenario: Allocate: 8.19 refuses an allocate without rules, replicas or total_shards_per_node
    When I put the lifecycle policy "empty":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [allocate] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"At least one of include, exclude or require must contain attributes for action allocate. Otherwise the number_of_replicas or the total_shards_per_node options must be configured."}}}}}}}}
      """

  Scenario: Allocate: a negative replica count is refused
    When I put the lifecycle policy "negative":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"number_of_replicas": -1}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"illegal_argument_exception","reason":"[number_of_replicas] must be >= 0"}}}}}}}}
      """

  @profile:8.19
  Scenario: Allocate: total_shards_per_node below -1 is refused (8.19)
    When I put the lifecycle policy "negative":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"total_shards_per_node": -2}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"illegal_argument_exception","reason":"[total_shards_per_node] must be >= -1"}}}}}}}}
      """

  Scenario: Allocate: total_shards_per_node is unknown in 7.10
    When I put the lifecycle policy "shards-per-node":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"total_shards_per_node": 2}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"

  Scenario: Allocate: a filter value must be a scalar
    When I put the lifecycle policy "nested":
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"include": {"box": null}}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"[1:77] [allocate] failed to parse field [include]","caused_by":{"type":"illegal_state_exception","reason":"Can't get text on a VALUE_NULL at 1:77"}}}}}}}}
      """
