Feature: Virtual clock: poll ticks, cluster changes and settling
  ILM runs on poll ticks (every `indices.lifecycle.poll_interval`, default 10m, counted from the
  start) and on cluster changes. A phase starts at the first tick, or cluster change, at which the
  index is old enough; async actions run as events at the current instant.

  Background:
    Given a lifecycle policy "delete-after-90m":
      """json
      { "policy": { "phases": { "delete": { "min_age": "90m", "actions": { "delete": {} } } } } }
      """

  Scenario: Virtual clock: the clock starts at a fixed instant and moves only when told
    When I send GET "/_sim/clock"
    Then the response is:
      """json
      { "now_millis": 1704067200000, "now": "2024-01-01T00:00:00.000Z" }
      """
    When the clock advances by 36h
    Then the response is:
      """json
      { "now_millis": 1704196800000, "now": "2024-01-02T12:00:00.000Z" }
      """
    When the clock is set to "2024-02-01T00:00:00Z"
    Then the response has:
      | now | 2024-02-01T00:00:00.000Z |

  @start-time:2030-06-01T12:00:00Z
  Scenario: Virtual clock: a scenario can choose its start time
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2030-06-01T12:00:00.000Z |

  Scenario: Virtual clock: the clock never goes backwards
    Given the clock advances by 1d
    When I send POST "/_sim/clock/_set" with:
      """json
      { "to": "2024-01-01T00:00:00Z" }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "cannot set the clock back from [2024-01-02T00:00:00.000Z] to [2024-01-01T00:00:00.000Z]"
    When I send POST "/_sim/clock/_advance" with:
      """json
      { "by": "1.5d" }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "failed to parse [1.5d], fractional time values are not supported"

  Scenario: Virtual clock: a phase starts at the first poll tick after min_age (default 10m ticks)
    Given an index "logs" managed by "delete-after-90m"
    When the clock advances by 89m
    Then "logs" is at step new/complete/complete
    When the clock advances by 1m
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 10m
    Then I explain "logs"
    And the request fails with status 404 and error "index_not_found_exception"

  @poll-interval:1h
  Scenario: Virtual clock: a longer poll interval delays the phase to the next tick
    Given an index "logs" managed by "delete-after-90m"
    When the clock advances by 119m
    Then "logs" is at step new/complete/complete
    When the clock advances by 1m
    Then "logs" is at step delete/delete/wait-for-shard-history-leases

  Scenario: Virtual clock: a cluster change between ticks starts a phase that is due
    Given a lifecycle policy "delete-after-95m":
      """json
      { "policy": { "phases": { "delete": { "min_age": "95m", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "delete-after-95m"
    When the clock advances by 97m
    Then "logs" is at step new/complete/complete
    Given an index "bystander" without a policy
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
    And the explain record of "logs" has:
      | step_time_millis | 1704073020000 |

  Scenario: Virtual clock: async actions run as events, observable until the simulator settles
    Given a lifecycle policy "hot-priority":
      """json
      { "policy": { "phases": { "hot": { "actions": { "set_priority": { "priority": 50 } } } } } }
      """
    And an index "fresh" managed by "hot-priority"
    Then "fresh" is at step hot/set_priority/set_priority
    When the simulator settles
    Then "fresh" is at step hot/complete/complete

  Scenario: Virtual clock: the same requests give byte-identical answers
    Given an index "logs" managed by "delete-after-90m"
    And the clock advances by 95m
    When I explain "logs" with "human"
    Then the response is:
      """json
      {"indices":{"logs":{"index":"logs","managed":true,"policy":"delete-after-90m","lifecycle_date":"2024-01-01T00:00:00.000Z","lifecycle_date_millis":1704067200000,"age":"1.58h","phase":"delete","phase_time":"2024-01-01T01:30:00.000Z","phase_time_millis":1704072600000,"action":"delete","action_time":"2024-01-01T01:30:00.000Z","action_time_millis":1704072600000,"step":"wait-for-shard-history-leases","step_time":"2024-01-01T01:30:00.000Z","step_time_millis":1704072600000,"phase_execution":{"policy":"delete-after-90m","phase_definition":{"min_age":"90m","actions":{"delete":{"delete_searchable_snapshot":true}}},"version":1,"modified_date":"2024-01-01T00:00:00.000Z","modified_date_in_millis":1704067200000}}}}
      """

  Scenario: Virtual clock: stepping to the next instant ILM does something (within a bound)
    `POST /_sim/clock/_next` moves the clock to the next poll tick, event or shard start that ILM acts
    on, and runs it; with `within` it moves only if that instant is close enough.
    Given an index "logs" managed by "delete-after-90m"
    When I send POST "/_sim/clock/_next" with:
      """json
      { "within": "1h" }
      """
    Then the response is:
      """json
      { "now_millis": 1704067200000, "now": "2024-01-01T00:00:00.000Z", "advanced": false }
      """
    When I send POST "/_sim/clock/_next"
    Then the response is:
      """json
      { "now_millis": 1704072600000, "now": "2024-01-01T01:30:00.000Z", "advanced": true }
      """
    And "logs" is at step delete/delete/wait-for-shard-history-leases
    When I send POST "/_sim/clock/_next" with:
      """json
      { "within": "forever" }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "failed to parse setting [within] with value [forever] as a time value: unit is missing or unrecognized"
