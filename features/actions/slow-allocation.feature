Feature: Actions: slow shard allocation holds the waits that read it
  By default the simulated cluster allocates shards at once. `PUT /_sim/allocation` with
  `{"delay": "2h"}` (optionally `"index": "<pattern>"`) makes every later change that moves shards
  (new allocation rules, a new tier preference, more replicas, a new index) take that long. Until then `check-allocation`
  shows ES's step_info; when the shards start, a cluster-state change, the index moves on at once.

  Background:
    Given shard allocation takes 2h

  Scenario: Slow allocation: more replicas wait for all copies to be active, then go on at the instant they start (7.10)
    Given a lifecycle policy "warm-replicas":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 2 } } } } } }
      """
    And an index "logs" managed by "warm-replicas"
    When the clock advances by 1d
    Then "logs" is at step warm/allocate/check-allocation
    And the explain record of "logs" contains:
      """json
      { "step_info": { "message": "Waiting for all shard copies to be active", "shards_left_to_allocate": -1, "all_shards_active": false, "actual_replicas": 2 } }
      """
    When I send GET "/_sim/allocation"
    Then the response is:
      """json
      { "rules": [ { "delay": "2h", "delay_millis": 7200000 } ],
        "allocating": [ { "index": "logs", "active_at": "2024-01-02T02:00:00.000Z", "active_at_millis": 1704160800000 } ] }
      """
    When the clock advances by 119m
    Then "logs" is at step warm/allocate/check-allocation
    # The injected migrate action then moves the shards to the warm tier, which takes as long again.
    When the clock advances by 1m
    Then "logs" is at step warm/migrate/check-migration
    And the explain record of "logs" contains:
      """json
      { "step_time_millis": 1704160800000,
        "step_info": { "message": "[logs] lifecycle action [migrate] waiting for [3] shards to be moved to the [data_warm] tier (tier migration preference configuration is [data_warm,data_hot])", "shards_left_to_allocate": 3, "all_shards_active": true, "actual_replicas": 2 } }
      """
    When the clock advances by 2h
    Then "logs" is at step warm/complete/complete
    And the explain record of "logs" has:
      | step_time_millis | 1704168000000 |
    And the explain record of "logs" has no "step_info"

  Scenario: Slow allocation: new filters wait for the active copies to move (7.10)
    Given a lifecycle policy "warm-box":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "require": { "box_type": "warm" } } } } } } }
      """
    And an index "logs" managed by "warm-box"
    When the clock advances by 1d
    Then the explain record of "logs" contains:
      """json
      { "step": "check-allocation",
        "step_info": { "message": "Waiting for [2] shards to be allocated to nodes matching the given filters", "shards_left_to_allocate": 2, "all_shards_active": true, "actual_replicas": 1 } }
      """
    When the clock advances by 2h
    Then "logs" is at step warm/complete/complete

  @profile:8.19
  Scenario: Slow allocation: 8.19 names the replica count number_of_replicas
    Given a lifecycle policy "warm-box":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "require": { "box_type": "warm" } } } } } } }
      """
    And an index "logs" managed by "warm-box"
    When the clock advances by 1d
    Then the explain record of "logs" contains:
      """json
      { "step": "check-allocation",
        "step_info": { "message": "Waiting for [2] shards to be allocated to nodes matching the given filters", "shards_left_to_allocate": 2, "all_shards_active": true, "number_of_replicas": 1 } }
      """

  Scenario: Slow allocation: a rule for a pattern leaves other indices instant
    Given shard allocation for "other-*" takes 1d
    And shard allocation takes 0s
    And a lifecycle policy "warm-replicas":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 2 } } } } } }
      """
    And an index "logs" managed by "warm-replicas"
    And an index "other-1" managed by "warm-replicas"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete
    And "other-1" is at step warm/allocate/check-allocation
    When the clock advances by 1d
    Then "other-1" is at step warm/migrate/check-migration
    When the clock advances by 1d
    Then "other-1" is at step warm/complete/complete

  Scenario: Slow allocation: a negative delay is refused
    When I send PUT "/_sim/allocation" with:
      """json
      { "delay": "-1" }
      """
    Then the request fails with status 400 and error "illegal_argument_exception"
