Feature: A hot-warm-cold-delete data stream over 100 days (the worked timeline of ES 8.x)
  A data stream rolls over daily (`max_age: 1d`); each backing index then waits in the hot phase's
  complete step, enters warm 7 days after its rollover (the rollover moved its lifecycle date) and
  merges, enters cold after 30 days and is deleted after 60. Async waits cost one 10m poll tick each:
  in 8.19 `forcemerge` and `delete` also wait for a time-series end time, which costs a tick even for
  an ordinary index. This is es-ilm-engine.md section 8, with a cold phase added, run for 100 days.

  Background:
    Given the simulator mirrors Elasticsearch "8.19"
    And a lifecycle policy "logs":
      """json
      {
        "policy": {
          "phases": {
            "hot": { "actions": { "rollover": { "max_age": "1d" } } },
            "warm": { "min_age": "7d", "actions": { "forcemerge": { "max_num_segments": 1 } } },
            "cold": { "min_age": "30d", "actions": { "set_priority": { "priority": 0 } } },
            "delete": { "min_age": "60d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 200, "template": { "settings": { "index.lifecycle.name": "logs" } } }
      """
    When 1000 documents of 1kb are indexed into "logs-app"

  Scenario: 100 days: the first backing index through every phase, and the stream at the end
    # Version 2: the "logs" policy the Background puts replaces ES 8.x's built-in (deprecated) "logs".
    # T0: created by the first document; init and the hot phase's first steps run in the same update.
    Then ".ds-logs-app-2024.01.01-000001" is at step hot/rollover/check-rollover-ready
    And the explain record of ".ds-logs-app-2024.01.01-000001" is exactly:
      """json
      {
        "index": ".ds-logs-app-2024.01.01-000001",
        "managed": true,
        "policy": "logs",
        "index_creation_date_millis": 1704067200000,
        "time_since_index_creation": "0s",
        "lifecycle_date_millis": 1704067200000,
        "age": "0s",
        "phase": "hot",
        "phase_time_millis": 1704067200000,
        "action": "rollover",
        "action_time_millis": 1704067200000,
        "step": "check-rollover-ready",
        "step_time_millis": 1704067200000,
        "phase_execution": {
          "policy": "logs",
          "phase_definition": {
            "min_age": "0ms",
            "actions": { "rollover": { "max_age": "1d", "min_docs": 1, "max_primary_shard_docs": 200000000 } }
          },
          "version": 2,
          "modified_date_in_millis": 1704067200000
        },
        "skip": false
      }
      """
    # R = T0 + 1d: the poll tick finds max_age met (and documents present); the whole rollover runs at once.
    When the clock advances by 1d
    Then ".ds-logs-app-2024.01.01-000001" is at step hot/complete/complete
    And the explain record of ".ds-logs-app-2024.01.01-000001" has:
      | lifecycle_date_millis | 1704153600000 |
      | age                   | 0s            |
      | time_since_index_creation | 1d        |
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.02-000002 |
    # R + 7d: warm. The injected migrate runs, then forcemerge up to its first async wait.
    When for 7 days, 1000 documents of 1kb are indexed into "logs-app" at the start of each day
    Then ".ds-logs-app-2024.01.01-000001" is at step warm/forcemerge/check-ts-end-time-passed
    And the explain record of ".ds-logs-app-2024.01.01-000001" has:
      | age               | 7d            |
      | phase_time_millis | 1704758400000 |
    When the clock advances by 10m
    Then ".ds-logs-app-2024.01.01-000001" is at step warm/forcemerge/segment-count
    When the clock advances by 10m
    Then ".ds-logs-app-2024.01.01-000001" is at step warm/complete/complete
    # R + 30d: cold (the ingestion keeps the other generations rolling over daily).
    When for 23 days, 1000 documents of 1kb are indexed into "logs-app" at the start of each day
    Then ".ds-logs-app-2024.01.01-000001" is at step cold/complete/complete
    And the explain record of ".ds-logs-app-2024.01.01-000001" has:
      | age               | 30.01d        |
      | phase_time_millis | 1706745600000 |
      | phase_execution.phase_definition.actions.set_priority.priority | 0 |
    # R + 60d: delete, after two async waits.
    When for 29 days, 1000 documents of 1kb are indexed into "logs-app" at the start of each day
    And the clock advances by 1420m
    Then ".ds-logs-app-2024.01.01-000001" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 10m
    Then ".ds-logs-app-2024.01.01-000001" is at step delete/delete/check-ts-end-time-passed
    When the clock advances by 10m
    Then the history of ".ds-logs-app-2024.01.01-000001" is:
      | at                       | from                                                  | to                                                    | success |
      | 2024-01-01T00:00:00.000Z | -                                                     | new/complete/complete                                 | true    |
      | 2024-01-01T00:00:00.000Z | new/complete/complete                                 | hot/unfollow/branch-check-unfollow-prerequisites      | true    |
      | 2024-01-01T00:00:00.000Z | hot/unfollow/branch-check-unfollow-prerequisites      | hot/rollover/check-rollover-ready                     | true    |
      | 2024-01-02T00:00:00.000Z | hot/rollover/check-rollover-ready                     | hot/rollover/attempt-rollover                         | true    |
      | 2024-01-02T00:00:00.000Z | hot/rollover/attempt-rollover                         | hot/rollover/wait-for-active-shards                   | true    |
      | 2024-01-02T00:00:00.000Z | hot/rollover/wait-for-active-shards                   | hot/rollover/update-rollover-lifecycle-date           | true    |
      | 2024-01-02T00:00:00.000Z | hot/rollover/update-rollover-lifecycle-date           | hot/rollover/set-indexing-complete                    | true    |
      | 2024-01-02T00:00:00.000Z | hot/rollover/set-indexing-complete                    | hot/complete/complete                                 | true    |
      | 2024-01-09T00:00:00.000Z | hot/complete/complete                                 | warm/migrate/branch-check-skip-action                 | true    |
      | 2024-01-09T00:00:00.000Z | warm/migrate/branch-check-skip-action                 | warm/migrate/migrate                                  | true    |
      | 2024-01-09T00:00:00.000Z | warm/migrate/migrate                                  | warm/migrate/check-migration                          | true    |
      | 2024-01-09T00:00:00.000Z | warm/migrate/check-migration                          | warm/forcemerge/branch-forcemerge-check-prerequisites | true    |
      | 2024-01-09T00:00:00.000Z | warm/forcemerge/branch-forcemerge-check-prerequisites | warm/forcemerge/check-not-write-index                 | true    |
      | 2024-01-09T00:00:00.000Z | warm/forcemerge/check-not-write-index                 | warm/forcemerge/check-ts-end-time-passed              | true    |
      | 2024-01-09T00:10:00.000Z | warm/forcemerge/check-ts-end-time-passed              | warm/forcemerge/forcemerge                            | true    |
      | 2024-01-09T00:10:00.000Z | warm/forcemerge/forcemerge                            | warm/forcemerge/segment-count                         | true    |
      | 2024-01-09T00:20:00.000Z | warm/forcemerge/segment-count                         | warm/complete/complete                                | true    |
      | 2024-02-01T00:00:00.000Z | warm/complete/complete                                | cold/set_priority/set_priority                        | true    |
      | 2024-02-01T00:00:00.000Z | cold/set_priority/set_priority                        | cold/migrate/branch-check-skip-action                 | true    |
      | 2024-02-01T00:00:00.000Z | cold/migrate/branch-check-skip-action                 | cold/migrate/migrate                                  | true    |
      | 2024-02-01T00:00:00.000Z | cold/migrate/migrate                                  | cold/migrate/check-migration                          | true    |
      | 2024-02-01T00:00:00.000Z | cold/migrate/check-migration                          | cold/complete/complete                                | true    |
      | 2024-03-02T00:00:00.000Z | cold/complete/complete                                | delete/delete/wait-for-shard-history-leases           | true    |
      | 2024-03-02T00:10:00.000Z | delete/delete/wait-for-shard-history-leases           | delete/delete/check-ts-end-time-passed                | true    |
      | 2024-03-02T00:20:00.000Z | delete/delete/check-ts-end-time-passed                | delete/delete/cleanup-snapshot                        | true    |
      | 2024-03-02T00:20:00.000Z | delete/delete/cleanup-snapshot                        | delete/delete/delete                                  | true    |
      | 2024-03-02T00:20:00.000Z | delete/delete/delete                                  | delete/delete/complete                                | true    |
    # Day 100: generations 1-40 are gone (each 60 days after its rollover). Generations 41-100 remain:
    # no documents arrived on day 60, and 8.x never rolls over an empty index (implicit min_docs: 1),
    # so that day's write index rolled over a day late and the stream has one generation fewer.
    When for 39 days, 1000 documents of 1kb are indexed into "logs-app" at the start of each day
    Then the data stream "logs-app" has 60 backing indices, the oldest ".ds-logs-app-2024.02.10-000041"
