Feature: What exists, and where writes go
  A rollover moves an alias's writes to the new index, a shrink leaves the old name behind as an alias
  of the shrunken index, and a data stream writes to its newest backing index. These steps ask
  Elasticsearch which indices and aliases exist, which indices an alias points to and which one takes
  the writes.

  Scenario: A rollover keeps both indices behind the alias and moves the writes to the new one
    Given an index "logs-000001" is the write index of the alias "logs"
    Then the index "logs-000001" exists
    And the alias "logs" exists
    And the write index of the alias "logs" is "logs-000001"
    When I roll over "logs"
    Then the index "logs-000002" exists
    And the alias "logs" points to "logs-000001"
    And the alias "logs" points to "logs-000002"
    And the write index of the alias "logs" is "logs-000002"
    And the alias "logs-old" does not exist

  Scenario: After a shrink the old name is an alias of the shrunken index
    Given a lifecycle policy "shrink-one":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2          |
      | index.lifecycle.name   | shrink-one |
    When the clock advances until "shrink-my-index-000001" is at step warm/complete/complete
    Then the index "shrink-my-index-000001" exists
    And the alias "my-index-000001" points to "shrink-my-index-000001"
    # An alias with one index and no is_write_index flag writes to that index.
    And the write index of the alias "my-index-000001" is "shrink-my-index-000001"

  Scenario: A data stream writes to its newest backing index
    When I create the data stream "logs-app-default"
    Then the write index of the data stream "logs-app-default" is ".ds-logs-app-default-000001"
    When I roll over "logs-app-default"
    Then the write index of the data stream "logs-app-default" is ".ds-logs-app-default-000002"
    And the index ".ds-logs-app-default-000001" exists
