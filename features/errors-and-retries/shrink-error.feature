Feature: Error step: a shrink to more shards than the index has
  A shrink action whose `number_of_shards` is above the index's shard count fails when the index
  reaches the phase's `min_age`; the index moves to the `ERROR` step and explain shows the cause.
  This is Elasticsearch's "shrink-index" documentation example, run under a virtual clock.

  Background:
    Given a lifecycle policy "shrink-index":
      """json
      {
        "policy": {
          "phases": {
            "warm": {
              "min_age": "5d",
              "actions": {
                "shrink": { "number_of_shards": 4 }
              }
            }
          }
        }
      }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |

  Scenario: Error step: the new index waits in the "new" phase until min_age
    When the clock advances by 4d
    Then "my-index-000001" is at step new/complete/complete
    And the explain record of "my-index-000001" has:
      | age                   | 4d            |
      | lifecycle_date_millis | 1704067200000 |

  Scenario: Error step: shrink fails at step "shrink" (7.10, explain with age)
    When the clock advances by 7344m
    Then the explain record of "my-index-000001" is exactly:
      """json
      {
        "index": "my-index-000001",
        "managed": true,
        "policy": "shrink-index",
        "lifecycle_date_millis": 1704067200000,
        "age": "5.1d",
        "phase": "warm",
        "phase_time_millis": 1704499200000,
        "action": "shrink",
        "action_time_millis": 1704499800000,
        "step": "ERROR",
        "step_time_millis": 1704500400000,
        "failed_step": "shrink",
        "is_auto_retryable_error": false,
        "step_info": {
          "type": "illegal_argument_exception",
          "reason": "the number of target shards [4] must be less that the number of source shards [2]"
        },
        "phase_execution": {
          "policy": "shrink-index",
          "phase_definition": {
            "min_age": "5d",
            "actions": {
              "shrink": { "number_of_shards": 4 }
            }
          },
          "version": 1,
          "modified_date_in_millis": 1704067200000
        }
      }
      """

  Scenario: Error step: the 7.10 timeline (warm at the first poll tick after 5d, then one tick per async wait)
    When the clock advances by 5d
    Then "my-index-000001" is at step warm/unfollow/wait-for-follow-shard-tasks
    When the clock advances by 10m
    Then "my-index-000001" is at step warm/shrink/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "my-index-000001" is at step warm/shrink/ERROR

  Scenario: Error step: ?human adds ISO 8601 companions before each millis field (7.10)
    When the clock advances by 7344m
    And I explain "my-index-000001" with "human"
    Then the response contains:
      """json
      {
        "indices": {
          "my-index-000001": {
            "lifecycle_date": "2024-01-01T00:00:00.000Z",
            "lifecycle_date_millis": 1704067200000,
            "age": "5.1d",
            "phase_time": "2024-01-06T00:00:00.000Z",
            "action_time": "2024-01-06T00:10:00.000Z",
            "step_time": "2024-01-06T00:20:00.000Z",
            "phase_execution": {
              "modified_date": "2024-01-01T00:00:00.000Z",
              "modified_date_in_millis": 1704067200000
            }
          }
        }
      }
      """
    And the response has the keys "indices.my-index-000001: index, managed, policy, lifecycle_date, lifecycle_date_millis, age, phase, phase_time, phase_time_millis, action, action_time, action_time_millis, step, step_time, step_time_millis, failed_step, is_auto_retryable_error, step_info, phase_execution"

  @profile:6.6
  Scenario: Error step: the older explain variant has no age (6.6, the beta API)
    When the clock advances by 7344m
    Then the explain record of "my-index-000001" is exactly:
      """json
      {
        "index": "my-index-000001",
        "managed": true,
        "policy": "shrink-index",
        "lifecycle_date_millis": 1704067200000,
        "phase": "warm",
        "phase_time_millis": 1704499200000,
        "action": "shrink",
        "action_time_millis": 1704499200000,
        "step": "ERROR",
        "step_time_millis": 1704499200000,
        "failed_step": "shrink",
        "step_info": {
          "type": "illegal_argument_exception",
          "reason": "the number of target shards [4] must be less that the number of source shards [2]"
        },
        "phase_execution": {
          "policy": "shrink-index",
          "phase_definition": {
            "min_age": "5d",
            "actions": {
              "shrink": { "number_of_shards": 4 }
            }
          },
          "version": 1,
          "modified_date_in_millis": 1704067200000
        }
      }
      """
