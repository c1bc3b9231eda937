Feature: Actions: freeze
  7.10 freezes the index once it is not a data stream's write index (`index.frozen`,
  `index.search.throttled` and a write block). Freezing was removed in 8.0: 8.x keeps the steps
  (`branch-freeze-check-prerequisites`, `check-not-write-index`, `freeze`) but the last does nothing;
  9.x replaced them with no-op steps that point straight at the next action.

  Background:
    Given a lifecycle policy "cold-freeze":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "freeze": {} } } } } }
      """
    And an index "logs" managed by "cold-freeze"

  Scenario: Freeze: 7.10 checks the write index, then freezes the index
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    And the history of "logs" is:
      | at                       | from                             | to                               | success |
      | 2024-01-01T00:00:00.000Z | -                                | new/complete/complete            | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete            | cold/migrate/migrate             | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate             | cold/migrate/check-migration     | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration     | cold/freeze/check-not-write-index | true   |
      | 2024-01-02T00:00:00.000Z | cold/freeze/check-not-write-index | cold/freeze/freeze              | true    |
      | 2024-01-02T00:00:00.000Z | cold/freeze/freeze               | cold/complete/complete           | true    |
    When I send GET "/logs/_settings/index.frozen,index.search.throttled,index.blocks.write?flat_settings=true"
    Then the response is:
      """json
      { "logs": { "settings": { "index.blocks.write": "true", "index.frozen": "true", "index.search.throttled": "true" } } }
      """
    When I get the lifecycle policy "cold-freeze"
    Then the response has:
      | cold-freeze.policy.phases.cold.actions.freeze | {} |

  @profile:8.19
  Scenario: Freeze: 8.19 walks the old chain, but the freeze step leaves the index as it was
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    And the history of "logs" is:
      | at                       | from                                     | to                                       | success |
      | 2024-01-01T00:00:00.000Z | -                                        | new/complete/complete                    | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete                    | cold/migrate/branch-check-skip-action    | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/branch-check-skip-action    | cold/migrate/migrate                     | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate                     | cold/migrate/check-migration             | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration             | cold/freeze/branch-freeze-check-prerequisites | true |
      | 2024-01-02T00:00:00.000Z | cold/freeze/branch-freeze-check-prerequisites | cold/freeze/check-not-write-index   | true    |
      | 2024-01-02T00:00:00.000Z | cold/freeze/check-not-write-index        | cold/freeze/freeze                       | true    |
      | 2024-01-02T00:00:00.000Z | cold/freeze/freeze                       | cold/complete/complete                   | true    |
    When I send GET "/logs/_settings/index.frozen,index.search.throttled?flat_settings=true"
    Then the response is:
      """json
      {}
      """

  @profile:9.1
  Scenario: Freeze: 9.1 visits only the first no-op step
    When the clock advances by 1d
    Then "logs" is at step cold/complete/complete
    And the history of "logs" is:
      | at                       | from                                     | to                                       | success |
      | 2024-01-01T00:00:00.000Z | -                                        | new/complete/complete                    | true    |
      | 2024-01-02T00:00:00.000Z | new/complete/complete                    | cold/migrate/branch-check-skip-action    | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/branch-check-skip-action    | cold/migrate/migrate                     | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate                     | cold/migrate/check-migration             | true    |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration             | cold/freeze/branch-freeze-check-prerequisites | true |
      | 2024-01-02T00:00:00.000Z | cold/freeze/branch-freeze-check-prerequisites | cold/complete/complete              | true    |

  @profile:9.1
  Scenario: Freeze: 9.1 warns that the freeze action is deprecated when the policy is stored
    When I put the lifecycle policy "cold-freeze":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "freeze": {} } } } } }
      """
    Then the response status is 200
    And the response has the header "Warning" with:
      """
      299 Elasticsearch-9.1.3-0c781091a2f57de895a73a1391ff8426c0153c8d "The freeze action in ILM is deprecated and will be removed in a future version; this action is already a noop so it can be safely removed. Please remove the freeze action from the 'cold-freeze' policy."
      """

  @profile:8.19
  Scenario: Freeze: 8.19 stores a freeze action without a warning
    When I put the lifecycle policy "cold-freeze":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "freeze": {} } } } } }
      """
    Then the response status is 200
    And the response has no header "Warning"
