Feature: Automatic retry of retryable errors on each poll tick
  From 7.6, ILM moves an index in ERROR back to its failed step on every poll tick when the failed
  step is retryable, counting attempts in `failed_step_retry_count`. In 7.10 only some steps are
  retryable (settings updates and `init`, not the shrink steps); 6.6 never retries on its own.

  Background:
    Given a lifecycle policy "delete-after-30d":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """

  Scenario: Automatic retry: a failing init is retried on every poll tick (7.10)
    Given an index "logs" without a policy
    When the settings of "logs" are updated:
      | index.lifecycle.name                   | delete-after-30d |
      | index.lifecycle.parse_origination_date | true             |
    Then the explain record of "logs" is exactly:
      """json
      {
        "index": "logs",
        "managed": true,
        "policy": "delete-after-30d",
        "phase": "new",
        "phase_time_millis": 1704067200000,
        "action": "init",
        "action_time_millis": 1704067200000,
        "step": "ERROR",
        "step_time_millis": 1704067200000,
        "failed_step": "init",
        "is_auto_retryable_error": true,
        "step_info": {
          "type": "initialize_policy_exception",
          "reason": "unable to initialize policy [delete-after-30d] for index [logs]",
          "caused_by": {
            "type": "illegal_argument_exception",
            "reason": "index name [logs] does not match pattern '^.*-(\\d{4}.\\d{2}.\\d{2})(-[\\d]+)?$'"
          }
        },
        "phase_execution": { "policy": "delete-after-30d", "version": 1, "modified_date_in_millis": 1704067200000 }
      }
      """
    When the clock advances by 10m
    Then the explain record of "logs" has:
      | step                    | ERROR         |
      | failed_step_retry_count | 1             |
      | step_time_millis        | 1704067800000 |
    When the clock advances by 20m
    Then the explain record of "logs" has:
      | failed_step_retry_count | 3 |
    When the settings of "logs" are updated:
      | index.lifecycle.parse_origination_date | false |
    Then the explain record of "logs" has:
      | failed_step_retry_count | 3 |
    When the clock advances by 10m
    Then "logs" is at step new/complete/complete
    And the explain record of "logs" has no "failed_step_retry_count"
    And the explain record of "logs" has no "is_auto_retryable_error"

  Scenario: Automatic retry: a shrink error is not retryable in 7.10, so it stays put
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances by 7d
    Then the explain record of "my-index-000001" has:
      | step                    | ERROR         |
      | is_auto_retryable_error | false         |
      | step_time_millis        | 1704500400000 |
    And the explain record of "my-index-000001" has no "failed_step_retry_count"

  @profile:6.6
  Scenario: Automatic retry: none in 6.6, and no retry fields in explain
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances by 7d
    Then the explain record of "my-index-000001" has:
      | step             | ERROR         |
      | step_time_millis | 1704499200000 |
    And the explain record of "my-index-000001" has no "is_auto_retryable_error"
    And the explain record of "my-index-000001" has no "failed_step_retry_count"
