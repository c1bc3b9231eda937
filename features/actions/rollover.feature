Feature: Actions: rollover with an alias (7.10 and 6.6)
  A template gives each new `logs-*` index the policy and the rollover alias; the bootstrap index is
  the alias's write index. Rollover conditions are checked on poll ticks; the new index gets the next
  number, the alias moves its write flag, and later phases count from the rollover time.

  Background:
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 1000, "max_age": "1d" } } }, "delete": { "min_age": "2d", "actions": { "delete": {} } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"

  Scenario: Actions: rollover on max_age, then the old index is deleted 2d after the rollover
    When the clock advances by 1d
    Then "logs-000001" is at step hot/complete/complete
    And "logs-000002" is at step hot/unfollow/wait-for-follow-shard-tasks
    And the explain record of "logs-000001" has:
      | lifecycle_date_millis | 1704153600000 |
    When I send GET "/logs-000001,logs-000002?filter_path=*.aliases"
    Then the response is:
      """json
      {"logs-000001":{"aliases":{"logs":{"is_write_index":false}}},"logs-000002":{"aliases":{"logs":{"is_write_index":true}}}}
      """
    When the clock advances by 2d
    Then "logs-000001" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 10m
    And I explain "logs-000001"
    Then the request fails with status 404 and error "index_not_found_exception"

  Scenario: Actions: rollover on max_docs at the first poll tick after enough documents
    Given the clock advances by 15m
    When 1000 documents of 1kb are indexed into "logs"
    Then "logs-000001" is at step hot/rollover/check-rollover-ready
    When the clock advances by 5m
    Then "logs-000001" is at step hot/complete/complete

  Scenario: Actions: an index without a rollover alias fails at check-rollover-ready (retryable)
    Given an index "other-000001" with settings:
      | index.lifecycle.name | logs |
    When the clock advances by 20m
    Then the explain record of "other-000001" contains:
      """json
      {
        "step": "ERROR",
        "failed_step": "check-rollover-ready",
        "is_auto_retryable_error": true,
        "step_info": { "type": "illegal_argument_exception", "reason": "setting [index.lifecycle.rollover_alias] for index [other-000001] is empty or not defined" }
      }
      """

  Scenario: Actions: the alias must point to the index
    Given an index "stray-000001" with settings:
      | index.lifecycle.name           | logs |
      | index.lifecycle.rollover_alias | logs |
    When the clock advances by 20m
    Then the explain record of "stray-000001" has:
      | step_info.reason | index.lifecycle.rollover_alias [logs] does not point to index [stray-000001] |

  Scenario: Actions: a rollover condition is required
    When I put the lifecycle policy "bad":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": {} } } } } }
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [rollover] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"At least one rollover condition must be set."}}}}}}}}
      """

  @profile:6.6
  Scenario: Actions: rollover in 6.6 has no wait-for-active-shards step and no unfollow
    When the clock advances by 10m
    Then "logs-000001" is at step hot/rollover/check-rollover-ready
    When the clock advances by 1d
    Then "logs-000001" is at step hot/complete/complete
