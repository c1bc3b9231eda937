Feature: Modern shrink: too many target shards waits instead of failing (8.19, 9.1)
  Since 7.16, ILM checks the target shard count before it shrinks: a count that does not divide the
  source's shard count holds the index at `check-target-shards-count` with the reason in `step_info`,
  instead of sending it to the `ERROR` step. Fixing the policy refreshes the cached phase and the
  shrink goes on at once, into a generated `shrink-<4 chars>-<index>` name.

  Background:
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |

  @profile:8.19
  Scenario: Modern shrink: the 8.19 timeline to check-target-shards-count, one poll tick per async wait
    When the clock advances by 5d
    Then "my-index-000001" is at step warm/shrink/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "my-index-000001" is at step warm/shrink/check-ts-end-time-passed
    When the clock advances by 10m
    Then "my-index-000001" is at step warm/shrink/check-target-shards-count

  @profile:8.19
  Scenario: Modern shrink: the explain record while waiting (8.19 fields: creation date, skip)
    When the clock advances by 7344m
    Then the explain record of "my-index-000001" is exactly:
      """json
      {
        "index": "my-index-000001",
        "managed": true,
        "policy": "shrink-index",
        "index_creation_date_millis": 1704067200000,
        "time_since_index_creation": "5.1d",
        "lifecycle_date_millis": 1704067200000,
        "age": "5.1d",
        "phase": "warm",
        "phase_time_millis": 1704499200000,
        "action": "shrink",
        "action_time_millis": 1704499200000,
        "step": "check-target-shards-count",
        "step_time_millis": 1704500400000,
        "step_info": {
          "message": "lifecycle action of policy [shrink-index] for index [my-index-000001] cannot make progress because the target shards count [4] must be a factor of the source index's shards count [2]"
        },
        "phase_execution": {
          "policy": "shrink-index",
          "phase_definition": {
            "min_age": "5d",
            "actions": {
              "shrink": { "number_of_shards": 4, "allow_write_after_shrink": false }
            }
          },
          "version": 1,
          "modified_date_in_millis": 1704067200000
        },
        "skip": false
      }
      """

  @profile:9.1
  Scenario: Modern shrink: fixing the policy lets the shrink finish into a generated name (9.1)
    When the clock advances by 7344m
    Then "my-index-000001" is at step warm/shrink/check-target-shards-count
    When the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And the simulator settles
    # The source is gone; its name is now an alias of the shrunken index, which explain reports.
    Then the explain record of "my-index-000001" has "index" matching "^shrink-[a-z0-9_-]{4}-my-index-000001$"
    And the explain record of "my-index-000001" has "shrink_index_name" matching "^shrink-[a-z0-9_-]{4}-my-index-000001$"
    And "my-index-000001" is at step warm/complete/complete
    And the explain record of "my-index-000001" has:
      | phase_execution.version                                          | 2     |
      | phase_execution.phase_definition.actions.shrink.number_of_shards | 1     |
      | previous_step_info.message                                       | Waiting for original index [my-index-000001] to be deleted |
      | skip                                                             | false |

  @profile:7.10
  Scenario: Modern shrink: 7.10 had no such check and fails the shrink step itself
    When the clock advances by 7344m
    Then "my-index-000001" is at step warm/shrink/ERROR
