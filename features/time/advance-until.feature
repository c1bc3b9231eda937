Feature: Advancing the clock until an index gets somewhere
  "When the clock advances until ..." moves the virtual clock instant by instant (the next poll tick,
  scheduled event or shard start ILM acts on) and stops at the first instant the index is at the step,
  in the phase, or gone. Nobody has to work out when the poll ticks fall: the scenario names where the
  index should get, not how long that takes. If the index is already there, the clock does not move.

  The wait is bounded: a year unless the step says `within 30d`. When the index does not get there,
  the step fails saying where it is stuck, since when, and why (its `step_info`, or the error of its
  failed step), and whether the bound was reached or ILM had nothing more scheduled before it. In
  the latter case the clock is moved on to the bound itself, so time after a failed wait is the same
  wherever the last event fell.

  Background:
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And a lifecycle policy "delete-after-90m":
      """json
      { "policy": { "phases": { "delete": { "min_age": "90m", "actions": { "delete": {} } } } } }
      """

  Scenario: Advance until: a shrink to more shards than the index has stops at its ERROR step
    The poll tick at 5d enters the warm phase, the next one starts the shrink action, the one after
    it runs the shrink step, which fails: the wait stops there, at 00:20 on day 5.
    Given an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances until "my-index-000001" is at step warm/shrink/ERROR within 30d
    Then the explain record of "my-index-000001" has:
      | failed_step      | shrink                                                                            |
      | step_info.reason | the number of target shards [4] must be less that the number of source shards [2] |
      | age              | 5.01d                                                                             |
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-06T00:20:00.000Z |

  Scenario: Advance until: a phase is reached at the first poll tick after min_age
    Given an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances until "my-index-000001" is in the "warm" phase
    Then "my-index-000001" is in the "warm" phase
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-06T00:00:00.000Z |

  @poll-interval:1h @start-time:2024-01-01T00:25:00Z
  Scenario: Advance until: the poll ticks fall where they fall (hourly, from 00:25)
    The delete phase is due at 01:55 (90 minutes after creation); the first hourly poll tick after it
    is at 02:25, and that is where the wait stops.
    Given an index "logs" managed by "delete-after-90m"
    When the clock advances until "logs" is in the "delete" phase
    Then the explain record of "logs" has:
      | phase_time_millis | 1704075900000 |
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-01T02:25:00.000Z |

  Scenario: Advance until: an index already there does not move the clock
    Given an index "logs" managed by "delete-after-90m"
    When the clock advances until "logs" is in the "new" phase
    And I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-01T00:00:00.000Z |

  Scenario: Advance until: the delete phase removes the index
    Given an index "logs" managed by "delete-after-90m"
    When the clock advances until "logs" does not exist within 1d
    Then the index "logs" does not exist
    And the history of "logs" is:
      | at                       | to                                          |
      | 2024-01-01T00:00:00.000Z | new/complete/complete                       |
      | 2024-01-01T01:30:00.000Z | delete/delete/wait-for-shard-history-leases |
      | 2024-01-01T01:40:00.000Z | delete/delete/cleanup-snapshot              |
      | 2024-01-01T01:40:00.000Z | delete/delete/delete                        |
      | 2024-01-01T01:40:00.000Z | delete/delete/complete                      |

  Scenario: Advance until: an index that rollover will create is waited for
    "logs-000003" does not exist until the second daily rollover creates it; the wait goes on through
    that and stops at the poll tick where ILM first checks its own rollover conditions.
    Given a lifecycle policy "daily":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "daily", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"
    When the clock advances until "logs-000003" is at step hot/rollover/check-rollover-ready
    Then "logs-000001" is at step hot/complete/complete
    And the explain record of "logs-000003" has:
      | lifecycle_date_millis | 1704240000000 |
      | step_time_millis      | 1704240600000 |
      | age                   | 10m           |
