Feature: Why is it waiting: what an index's current step waits for, in words and as data
  `GET /_sim/why/<index>` answers for the step the index is on: a phase's `min_age` with the age and
  the poll tick the next phase starts at; each rollover condition with its current and required value
  (8.x's implicit `min_docs: 1` included); for ERROR, whether and when this release retries it. The
  step library's failures ("is at step", "is in the phase", the until-steps) say the same in a line.

  Scenario: A rollover held by the implicit min_docs: 1 of 8.x (an empty index never rolls over)
    Given the simulator mirrors Elasticsearch "8.19"
    And a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"
    When the clock advances by 2d
    And I send GET "/_sim/why/logs-000001"
    Then the response contains:
      """json
      {
        "index": "logs-000001",
        "phase": "hot", "action": "rollover", "step": "check-rollover-ready",
        "waiting_for": "rollover",
        "next_check": "2024-01-03T00:10:00.000Z",
        "rollover": {
          "rule": "min-max",
          "conditions": [
            { "condition": "max_age", "required": "1d", "current_value": 172800000, "met": true, "implicit": false },
            { "condition": "min_docs", "required": "1", "current_value": 0, "met": false, "implicit": true },
            { "condition": "max_primary_shard_docs", "required": "200000000", "current_value": 0, "met": false, "implicit": true }
          ],
          "met_at": null
        }
      }
      """
    # One document is enough: the next poll tick rolls it over.
    When 1 documents of 1kb are indexed into "logs"
    And the clock advances by 10m
    Then "logs-000001" is at step hot/complete/complete

  Scenario: The next phase's min_age: the age now and the poll tick the phase starts at
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "7d", "actions": {} }, "cold": { "min_age": "30d", "actions": {} } } } }
      """
    # Poll ticks fall every 10m from the start time; the index is created between two of them.
    When the clock advances by 3m
    And an index "i" managed by "p"
    And the clock advances by 21d
    And I send GET "/_sim/why/i"
    Then the response has:
      | waiting_for           | phase                                                                                    |
      | explanation           | the cold phase needs min_age 30d, age is 21d, it starts at 2024-01-31T00:10:00.000Z (a poll tick) |
      | next_phase.due        | 2024-01-31T00:03:00.000Z                                                                 |
      | next_phase.starts_at  | 2024-01-31T00:10:00.000Z                                                                 |
    When the clock advances until "i" is in the "cold" phase
    And I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-31T00:10:00.000Z |

  Scenario Outline: The seed story's ERROR: no automatic retry of a shrink in <profile>
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances by 7344m
    And I send GET "/_sim/why/my-index-000001"
    Then the response has:
      | waiting_for                   | error  |
      | error.failed_step             | shrink |
      | error.automatic_retry         | false  |
      | explanation | the step shrink failed: illegal_argument_exception: the number of target shards [4] must be less that the number of source shards [2]; <retry>: POST /my-index-000001/_ilm/retry once the cause is fixed |

    Examples:
      | profile | retry                                         |
      | 6.6     | ES 6.6 never retries automatically            |
      | 7.10    | ES 7.10 does not retry this step automatically |
