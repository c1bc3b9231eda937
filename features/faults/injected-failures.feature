Feature: Faults: rehearse failures and see exactly what explain shows
  Faults are data (`/_sim/faults`): a step fails N times, until cleared, or with a probability drawn
  from the seeded PRNG, with the ES error type and reason you choose; or a wait step is held as if
  shards were not allocated. An injected failure takes the same path into ERROR as a real one, and
  `/_sim/history` records every step change.

  Background:
    Given a lifecycle policy "logs":
      """json
      {
        "policy": {
          "phases": {
            "hot": { "actions": { "rollover": { "max_docs": 1000 } } },
            "delete": { "min_age": "1d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"

  Scenario: Faults: rollover fails twice, is retried on two poll ticks, then succeeds (7.10)
    Given the attempt-rollover step of "logs-000001" fails 2 times with illegal_state_exception: "rollover refused"
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 20m
    Then the explain record of "logs-000001" contains:
      """json
      {
        "phase": "hot",
        "action": "rollover",
        "step": "ERROR",
        "step_time_millis": 1704068400000,
        "failed_step": "attempt-rollover",
        "is_auto_retryable_error": true,
        "step_info": { "type": "illegal_state_exception", "reason": "rollover refused" }
      }
      """
    And the explain record of "logs-000001" has no "failed_step_retry_count"
    When the clock advances by 10m
    Then the explain record of "logs-000001" has:
      | step                    | ERROR            |
      | failed_step_retry_count | 1                |
      | step_time_millis        | 1704069000000    |
    When the clock advances by 10m
    Then "logs-000001" is at step hot/complete/complete
    And the explain record of "logs-000001" has no "failed_step_retry_count"
    And the explain record of "logs-000001" has:
      | lifecycle_date_millis | 1704069600000 |
    And "logs-000002" is at step hot/unfollow/wait-for-follow-shard-tasks
    And the history of "logs-000001" is:
      | at                       | from                           | to                             | success |
      | 2024-01-01T00:00:00.000Z | -                              | new/complete/complete          | true    |
      | 2024-01-01T00:00:00.000Z | new/complete/complete          | hot/unfollow/wait-for-indexing-complete | true |
      | 2024-01-01T00:00:00.000Z | hot/unfollow/wait-for-indexing-complete | hot/unfollow/wait-for-follow-shard-tasks | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/wait-for-follow-shard-tasks | hot/unfollow/pause-follower-index | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/pause-follower-index | hot/unfollow/close-follower-index | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/close-follower-index | hot/unfollow/unfollow-follower-index | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/unfollow-follower-index | hot/unfollow/open-follower-index | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/open-follower-index | hot/unfollow/wait-for-yellow-step | true |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/wait-for-yellow-step | hot/rollover/check-rollover-ready | true |
      | 2024-01-01T00:20:00.000Z | hot/rollover/check-rollover-ready | hot/rollover/attempt-rollover | true |
      | 2024-01-01T00:20:00.000Z | hot/rollover/attempt-rollover  | hot/rollover/ERROR             | false   |
      | 2024-01-01T00:30:00.000Z | hot/rollover/ERROR             | hot/rollover/attempt-rollover  | true    |
      | 2024-01-01T00:30:00.000Z | hot/rollover/attempt-rollover  | hot/rollover/ERROR             | false   |
      | 2024-01-01T00:40:00.000Z | hot/rollover/ERROR             | hot/rollover/attempt-rollover  | true    |
      | 2024-01-01T00:40:00.000Z | hot/rollover/attempt-rollover  | hot/rollover/wait-for-active-shards | true |
      | 2024-01-01T00:40:00.000Z | hot/rollover/wait-for-active-shards | hot/rollover/update-rollover-lifecycle-date | true |
      | 2024-01-01T00:40:00.000Z | hot/rollover/update-rollover-lifecycle-date | hot/rollover/set-indexing-complete | true |
      | 2024-01-01T00:40:00.000Z | hot/rollover/set-indexing-complete | hot/complete/complete | true |

  Scenario: Faults: a failure until cleared keeps retrying on every poll tick; clearing it lets the next retry pass
    Given the attempt-rollover step of "logs-*" fails with illegal_state_exception: "rollover refused"
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 1h
    Then the explain record of "logs-000001" has:
      | step                    | ERROR |
      | failed_step_retry_count | 4     |
    When the faults are cleared
    And the clock advances by 10m
    Then "logs-000001" is at step hot/complete/complete

  @profile:6.6
  Scenario: Faults: in 6.6 an injected failure waits for a manual retry
    Given the attempt-rollover step of "logs-000001" fails 1 time with illegal_state_exception: "rollover refused"
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 1d
    Then "logs-000001" is at step hot/rollover/ERROR
    And the explain record of "logs-000001" has no "is_auto_retryable_error"
    When I retry the failed step of "logs-000001"
    Then "logs-000001" is at step hot/rollover/attempt-rollover
    When the simulator settles
    Then "logs-000001" is at step hot/complete/complete

  Scenario: Faults: a wait held as if shards were not allocated shows ES's step_info
    Given the wait-for-active-shards step of "logs-000001" waits because shards are not allocated
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 20m
    Then the explain record of "logs-000001" contains:
      """json
      {
        "step": "wait-for-active-shards",
        "step_info": {
          "message": "waiting for [1] shards to become active, but only [0] are active",
          "current_active_shards_count": 0,
          "target_active_shards_count": "1",
          "enough_shards_active": false
        }
      }
      """
    When the faults are cleared
    Then "logs-000001" is at step hot/rollover/set-indexing-complete
    When the simulator settles
    Then "logs-000001" is at step hot/complete/complete

  Scenario: Faults: a snapshot in progress holds the delete step; it runs once the snapshot is over
    Given the delete step of "logs-000001" waits because a snapshot is in progress
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 2d
    Then "logs-000001" is at step delete/delete/delete
    And the explain record of "logs-000001" has no "step_info"
    When the faults are cleared
    And the simulator settles
    And I explain "logs-000001"
    Then the request fails with status 404 and error "index_not_found_exception"

  @seed:2
  Scenario: Faults: failures with a probability are drawn from the seeded PRNG (the same seed, the same story)
    Given the attempt-rollover step of "logs-*" fails with probability 0.5 with illegal_state_exception: "flaky"
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances by 2h
    Then "logs-000001" is at step hot/complete/complete
    And the explain record of "logs-000001" has:
      | lifecycle_date_millis | 1704070200000 |
    When I send GET "/_sim/faults"
    Then the response has:
      | faults.0.fired | 3 |

  Scenario: Faults: a fault needs an action or a step, and an error or a condition
    When I send POST "/_sim/faults" with:
      """json
      { "index": "logs-*", "error": { "type": "illegal_state_exception", "reason": "x" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "a fault needs an [action] or a [step]"
    When I send POST "/_sim/faults" with:
      """json
      { "step": "attempt-rollover", "condition": "planets_misaligned" }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "[condition] must be one of [shards_not_allocated, cluster_not_green, snapshot_in_progress]"
    When I send GET "/_sim/faults"
    Then the response is:
      """json
      { "faults": [] }
      """

  Scenario Outline: Faults: a held check-migration shows the release's allocation info (<field>)
    Given a lifecycle policy "warm":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": {} } } } }
      """
    And an index "metrics" managed by "warm"
    And the check-migration step of "metrics" waits because shards are not allocated
    When the clock advances by 1d
    Then "metrics" is at step warm/migrate/check-migration
    And the explain record of "metrics" contains:
      """json
      { "step_info": { "message": "Waiting for all shard copies to be active", "shards_left_to_allocate": -1, "all_shards_active": false, "<field>": 1 } }
      """
    When the faults are cleared
    Then "metrics" is at step warm/complete/complete

    @profile:7.10
    Examples:
      | field           |
      | actual_replicas |

    @profile:8.19
    Examples:
      | field              |
      | number_of_replicas |
