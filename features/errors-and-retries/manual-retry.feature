Feature: Manual retry: fix the cause, retry, watch the step re-run
  `POST /<index>/_ilm/retry` moves an index in ERROR back to its failed step. The re-run is
  asynchronous: explain shows the failed step until the simulator settles (or the clock moves).

  Background:
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    And the clock advances by 7344m

  Scenario: Manual retry: fix the policy, retry, and the shrink completes (7.10)
    When the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    Then the explain record of "my-index-000001" has:
      | step                       | ERROR |
      | phase_execution.version    | 1     |
    When I retry the failed step of "my-index-000001"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    And the explain record of "my-index-000001" contains:
      """json
      {
        "phase": "warm",
        "phase_time_millis": 1704507840000,
        "action": "shrink",
        "step": "shrink",
        "step_time_millis": 1704507840000,
        "is_auto_retryable_error": false,
        "phase_execution": {
          "phase_definition": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } },
          "version": 2,
          "modified_date_in_millis": 1704507840000
        }
      }
      """
    And the explain record of "my-index-000001" has no "failed_step"
    And the explain record of "my-index-000001" has no "step_info"
    When the simulator settles
    Then the explain record of "shrink-my-index-000001" is exactly:
      """json
      {
        "index": "shrink-my-index-000001",
        "managed": true,
        "policy": "shrink-index",
        "lifecycle_date_millis": 1704067200000,
        "age": "5.1d",
        "phase": "warm",
        "action": "complete",
        "action_time_millis": 1704507840000,
        "step": "complete",
        "step_time_millis": 1704507840000
      }
      """

  Scenario: Manual retry: the shrunken index takes over the original name as an alias
    When the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And I retry the failed step of "my-index-000001"
    And the simulator settles
    And I explain "my-index-000001"
    Then the response has the keys "indices: shrink-my-index-000001"
    When I explain "shrink-*"
    Then the response has:
      | indices.shrink-my-index-000001.step | complete |

  Scenario: Manual retry: a re-run that fails again returns to ERROR (7.10)
    When I retry the failed step of "my-index-000001"
    Then "my-index-000001" is at step warm/shrink/shrink
    When the simulator settles
    Then the explain record of "my-index-000001" contains:
      """json
      {
        "step": "ERROR",
        "step_time_millis": 1704507840000,
        "failed_step": "shrink",
        "is_auto_retryable_error": false,
        "step_info": {
          "type": "illegal_argument_exception",
          "reason": "the number of target shards [4] must be less that the number of source shards [2]"
        }
      }
      """
    And the explain record of "my-index-000001" has no "failed_step_retry_count"

  Scenario: Manual retry: the next clock advance also runs the re-run
    When I retry the failed step of "my-index-000001"
    And the clock advances by 1m
    Then "my-index-000001" is at step warm/shrink/ERROR

  @profile:6.6
  Scenario: Manual retry: fix and retry under 6.6 ends the policy at "completed"
    When the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And I retry the failed step of "my-index-000001"
    Then "my-index-000001" is at step warm/shrink/shrink
    When the simulator settles
    Then "shrink-my-index-000001" is at step completed/completed/completed
