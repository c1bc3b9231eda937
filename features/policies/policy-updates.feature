Feature: Policy updates: cached phase definitions
  An index runs its current phase from the definition cached when it entered the phase. A policy
  update refreshes that cache only when it is safe (same steps for the phase's declared actions, the
  index not in ERROR); the next phase always comes from the current policy.

  Background:
    Given a lifecycle policy "merge-then-delete":
      """json
      {
        "policy": {
          "phases": {
            "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } },
            "delete": { "min_age": "30d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And an index "logs" managed by "merge-then-delete"
    And the clock advances by 1d
    And "logs" is at step warm/forcemerge/segment-count

  Scenario: Policy updates: a changed setting of the current phase is picked up
    When the lifecycle policy "merge-then-delete" is updated to:
      """json
      {
        "policy": {
          "phases": {
            "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 2 } } },
            "delete": { "min_age": "30d", "actions": { "delete": {} } }
          }
        }
      }
      """
    Then the explain record of "logs" has:
      | phase_execution.version                                              | 2 |
      | phase_execution.phase_definition.actions.forcemerge.max_num_segments | 2 |

  Scenario: Policy updates: a new action in the current phase waits for the next index
    When the lifecycle policy "merge-then-delete" is updated to:
      """json
      {
        "policy": {
          "phases": {
            "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 }, "readonly": {} } },
            "delete": { "min_age": "30d", "actions": { "delete": {} } }
          }
        }
      }
      """
    Then the explain record of "logs" has:
      | phase_execution.version | 1 |
    When the clock advances by 10m
    Then "logs" is at step warm/complete/complete

  Scenario: Policy updates: the next phase's min_age comes from the current policy
    When the lifecycle policy "merge-then-delete" is updated to:
      """json
      {
        "policy": {
          "phases": {
            "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } },
            "delete": { "min_age": "2d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And the clock advances by 1d
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
