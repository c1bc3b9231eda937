Feature: Data stream lifecycle: global retention, and errors recorded then cleared
  The cluster settings `data_streams.lifecycle.retention.default` and `.max` (8.14+ as settings) give
  every stream managed by the data stream lifecycle a retention: the default for a stream without its
  own, the max capping a longer one (ES `DataStreamLifecycle#getEffectiveDataRetentionWithSource`);
  dot-prefixed (internal) streams keep their own. When an operation of the lifecycle fails, the error
  goes to its error store (explain's `error`, the stats' `backing_indices_in_error`) and is retried on
  the next run; the same error counts `retry_count` up, success clears it.

  Background:
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "10d" } } }
      """
    And an index template "metrics":
      """json
      { "index_patterns": ["metrics-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """

  Scenario Outline: Data stream lifecycle: the max global retention caps a stream's own, the default fills in (<profile>)
    Given I create the data stream "logs-app"
    And I create the data stream "metrics-app"
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "2d", "data_streams.lifecycle.retention.max": "3d" } }
      """
    And I send GET "/_data_stream/*/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{"max_retention":"3d","default_retention":"2d"},"data_streams":[
        {"name":"logs-app","lifecycle":{"enabled":true,"data_retention":"10d","effective_retention":"3d","retention_determined_by":"max_global_retention"}},
        {"name":"metrics-app","lifecycle":{"enabled":true,"effective_retention":"2d","retention_determined_by":"default_global_retention"}}]}
      """
    When 3 documents are bulk-created in "logs-app"
    And 3 documents are bulk-created in "metrics-app"
    And the clock advances by 1d
    And 3 documents are bulk-created in "logs-app"
    And 3 documents are bulk-created in "metrics-app"
    And the clock advances by 2d
    # Retention counts from each generation's rollover: the first rolled over at day 1, the second at day 2.
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.02-000002 |
      | .ds-logs-app-2024.01.03-000003 |
    And the data stream "metrics-app" has the backing indices:
      | .ds-metrics-app-2024.01.02-000002 |
      | .ds-metrics-app-2024.01.03-000003 |
    When the clock advances by 1d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.02-000002 |
      | .ds-logs-app-2024.01.03-000003 |
    And the data stream "metrics-app" has the backing indices:
      | .ds-metrics-app-2024.01.03-000003 |
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.max": null, "data_streams.lifecycle.retention.default": null } }
      """
    And I send GET "/_data_stream/logs-app/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{},"data_streams":[{"name":"logs-app","lifecycle":{"enabled":true,"data_retention":"10d","effective_retention":"10d","retention_determined_by":"data_stream_configuration"}}]}
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
  Scenario: Data stream lifecycle: a default global retention above the max is refused, and so is one under 10s
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "5d", "data_streams.lifecycle.retention.max": "1d" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Default global retention [5d] cannot be greater than the max global retention [1d]."
    When I send PUT "/_cluster/settings" with:
      """json
      { "transient": { "data_streams.lifecycle.retention.max": "5s" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Global retention values should be greater than 10s"
    When I send GET "/_cluster/settings"
    Then the response is:
      """json
      {"persistent":{},"transient":{}}
      """

  @profile:8.19
  Scenario: Data stream lifecycle: a failed rollover is recorded, retried on each run, and cleared by the run that succeeds
    Given I create the data stream "logs-app"
    And 3 documents are bulk-created in "logs-app"
    # The lifecycle sends its rollover request on every run (the conditions are checked by the rollover
    # itself), so a failing request fails at every run: the fault starts one run before the day is up.
    When the clock advances by 1435m
    And the rollover step of ".ds-logs-app-*" fails 2 times with illegal_state_exception: "simulated rollover failure"
    And the clock advances by 5m
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" contains:
      """json
      { "error": { "first_occurrence_millis": 1704153600000, "message": "{\"type\":\"illegal_state_exception\",\"reason\":\"simulated rollover failure\"}", "last_recorded_millis": 1704153600000, "retry_count": 0 } }
      """
    When I send GET "/_lifecycle/stats?filter_path=data_streams"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","backing_indices_in_total":1,"backing_indices_in_error":1}]}
      """
    When the clock advances by 5m
    Then the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has:
      | error.retry_count           | 1             |
      | error.first_occurrence_millis | 1704153600000 |
      | error.last_recorded_millis  | 1704153900000 |
    When I send GET "/_health_report/data_stream_lifecycle"
    Then the response is:
      """json
      {"cluster_name":"ilm-sim","indicators":{"data_stream_lifecycle":{"status":"green","symptom":"Data streams are executing their lifecycles without issues","details":{"stagnating_backing_indices_count":0,"total_backing_indices_in_error":1}}}}
      """
    When the clock advances by 5m
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.02-000002 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has:
      | rollover_date_millis | 1704154200000 |
    And the data stream lifecycle explain of ".ds-logs-app-2024.01.01-000001" has no "error"
    When I send GET "/_lifecycle/stats?filter_path=data_streams"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","backing_indices_in_total":2,"backing_indices_in_error":0}]}
      """

  @profile:8.19
  Scenario: Data stream lifecycle: an index that keeps failing turns the health indicator yellow after 10 retries
    Given I create the data stream "logs-app"
    And 3 documents are bulk-created in "logs-app"
    When the clock advances by 1435m
    And the rollover step of ".ds-logs-app-*" fails with illegal_state_exception: "simulated rollover failure"
    And the clock advances by 55m
    And I send GET "/_health_report/data_stream_lifecycle?filter_path=indicators.*.status,indicators.*.symptom,indicators.*.details"
    Then the response is:
      """json
      {"indicators":{"data_stream_lifecycle":{"status":"yellow","symptom":"A backing index has repeatedly encountered errors whilst trying to advance in its lifecycle","details":{"stagnating_backing_indices_count":1,"stagnating_backing_indices":[{"index_name":".ds-logs-app-2024.01.01-000001","first_occurrence_timestamp":1704153600000,"retry_count":10}],"total_backing_indices_in_error":1}}}}
      """
