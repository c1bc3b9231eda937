Feature: Data stream lifecycle: retention and automatic rollover
  Since 8.11 a data stream can be managed by the data stream lifecycle instead of ILM: its template (or
  `PUT _data_stream/<name>/_lifecycle`) gives it a `data_retention`, and the lifecycle's own job, every
  `data_streams.lifecycle.poll_interval` (5m), rolls the write index over at the default conditions
  (`cluster.lifecycle.default.rollover`: `max_age=auto`, 50gb per primary shard, at least one document)
  and deletes the backing indices whose generation is older than the retention, never the write index.
  `max_age=auto` follows the retention (ES `RolloverConfiguration#evaluateMaxAgeCondition`): a day up to
  14 days of retention, a week up to 90 days, 30 days beyond and without retention.

  Background:
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "7d" } } }
      """

  # Each backing index retention deletes bumps the stream's generation as a rollover does (ES
  # `DataStream#removeBackingIndex`, 7.16+, PR #79916): from the ninth day on, a day's rollover and the
  # day's deletion take two numbers, so the backing index created on day 24 is the 39th generation.
  Scenario Outline: Data stream lifecycle: a 7d retention on daily rollover keeps about a week of generations over a month (<profile>)
    Given I create the data stream "logs-app"
    When for 30 days, 10 documents of 1kb are indexed into "logs-app" at the start of each day
    Then the data stream "logs-app" has 8 backing indices, the oldest ".ds-logs-app-2024.01.24-000039"
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.24-000039" has:
      | managed_by_lifecycle | true       |
      | rollover_date_millis | 1706140800000 |
      | generation_time      | 6d         |
      | lifecycle.effective_retention | 7d |
    When I send GET "/_lifecycle/stats?filter_path=data_stream_count,data_streams"
    Then the response is:
      """json
      {"data_stream_count":1,"data_streams":[{"name":"logs-app","backing_indices_in_total":8,"backing_indices_in_error":0}]}
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  @profile:8.19
  Scenario: Data stream lifecycle: an empty write index is never rolled over (min_docs=1)
    Given I create the data stream "logs-app"
    When the clock advances by 10d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" contains:
      """json
      { "index": ".ds-logs-app-2024.01.01-000001", "managed_by_lifecycle": true, "index_creation_date_millis": 1704067200000, "time_since_index_creation": "10d",
        "lifecycle": { "enabled": true, "data_retention": "7d", "effective_retention": "7d", "retention_determined_by": "data_stream_configuration" } }
      """
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has no "generation_time"

  Scenario Outline: Data stream lifecycle: max_age=auto follows the retention (<retention>: <max_age>)
    Given I create the data stream "logs-app"
    When I set the lifecycle of the data stream "logs-app" to:
      """json
      <lifecycle>
      """
    And I send GET "/.ds-logs-app-2024.01.01-000001/_lifecycle/explain?include_defaults=true&filter_path=indices.*.lifecycle.rollover"
    Then the response is:
      """json
      {"indices":{".ds-logs-app-2024.01.01-000001":{"lifecycle":{"rollover":{"min_docs":1,"max_primary_shard_docs":200000000,"max_primary_shard_size":"50gb","max_age":"<max_age> [automatic]"}}}}}
      """

    @profile:8.19
    Examples: 8.19
      | retention | lifecycle                    | max_age |
      | 1d        | { "data_retention": "1d" }   | 1d      |
      | 14d       | { "data_retention": "14d" }  | 1d      |
      | 15d       | { "data_retention": "15d" }  | 7d      |
      | 90d       | { "data_retention": "90d" }  | 7d      |
      | 91d       | { "data_retention": "91d" }  | 30d     |
      | none      | { }                          | 30d     |

    @profile:9.1
    Examples: 9.1
      | retention | lifecycle                    | max_age |
      | 1d        | { "data_retention": "1d" }   | 1d      |
      | 30d       | { "data_retention": "30d" }  | 7d      |
      | none      | { }                          | 30d     |

  @profile:8.19
  Scenario: Data stream lifecycle: with 30d of retention the stream rolls over after a week, at the lifecycle's first run past it
    Given I create the data stream "logs-app"
    And I set the lifecycle of the data stream "logs-app" to:
      """json
      { "data_retention": "30d" }
      """
    And 5 documents are bulk-created in "logs-app"
    When the clock advances by 6d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
    When the clock advances by 1d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.08-000002 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has:
      | rollover_date_millis | 1704672000000 |
      | time_since_rollover  | 0s            |

  @profile:8.19
  Scenario: Data stream lifecycle: a stream whose lifecycle is disabled is left alone
    Given I create the data stream "logs-app"
    And I set the lifecycle of the data stream "logs-app" to:
      """json
      { "data_retention": "1d", "enabled": false }
      """
    And 5 documents are bulk-created in "logs-app"
    When the clock advances by 40d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has:
      | managed_by_lifecycle | false |

  @profile:7.17
  Scenario: Data stream lifecycle: 7.17 has none of its APIs
    When I send GET "/_data_stream/logs-app/_lifecycle"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_data_stream/logs-app/_lifecycle] and method [GET]"}
      """
    When I send GET "/logs-app/_lifecycle/explain"
    Then the response is:
      """json
      {"error":"no handler found for uri [/logs-app/_lifecycle/explain] and method [GET]"}
      """
