Feature: Actions: each built action walks ES's step chain
  The simulator runs the steps each action has in the mirrored release. Async waits cost one poll
  tick each, as in ES; cluster-state steps and async actions run back to back.

  Scenario: Actions: forcemerge in warm (7.10: injected migrate, then four forcemerge steps)
    Given a lifecycle policy "merge":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    And an index "logs" managed by "merge"
    When the clock advances by 1d
    Then "logs" is at step warm/forcemerge/segment-count
    When the clock advances by 10m
    Then "logs" is at step warm/complete/complete
    And the explain record of "logs" has:
      | phase_execution.phase_definition.actions.forcemerge.max_num_segments | 1 |

  @profile:6.6
  Scenario: Actions: forcemerge in warm (6.6: no injected actions, ends at completed)
    Given a lifecycle policy "merge":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    And an index "logs" managed by "merge"
    When the clock advances by 1d
    Then "logs" is at step warm/forcemerge/segment-count
    When the clock advances by 10m
    Then "logs" is at step completed/completed/completed

  Scenario: Actions: readonly, set_priority and the injected migrate run in ES's order in one update
    Given a lifecycle policy "warm-actions":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "readonly": {}, "set_priority": { "priority": 25 } } } } } }
      """
    And an index "logs" managed by "warm-actions"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete
    And the explain record of "logs" has:
      | action_time_millis | 1704153600000 |

  Scenario: Actions: a warm phase without actions still migrates the index to the warm tier (7.10)
    Given a lifecycle policy "warm-only":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": {} } } } }
      """
    And an index "logs" managed by "warm-only"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete

  Scenario: Actions: migrate disabled compiles to no steps
    Given a lifecycle policy "no-migrate":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "migrate": { "enabled": false } } } } } }
      """
    And an index "logs" managed by "no-migrate"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete

  Scenario: Actions: delete removes the index after one poll tick of waiting (7.10)
    Given a lifecycle policy "delete-after-30d":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "delete-after-30d"
    When the clock advances by 30d
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 10m
    And I explain "logs"
    Then the request fails with status 404 and error "index_not_found_exception"

  @profile:6.6
  Scenario: Actions: delete removes the index at once in 6.6
    Given a lifecycle policy "delete-after-30d":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "delete-after-30d"
    When the clock advances by 30d
    And I explain "logs"
    Then the request fails with status 404 and error "index_not_found_exception"

  Scenario: Actions: shrink to a count the index already has is skipped by the branch step
    Given a lifecycle policy "shrink-to-one":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And an index "logs" with settings:
      | index.number_of_shards | 1             |
      | index.lifecycle.name   | shrink-to-one |
    When the clock advances by 1d
    Then "logs" is at step warm/unfollow/wait-for-follow-shard-tasks
    When the clock advances by 10m
    Then "logs" is at step warm/complete/complete
