Feature: Data stream lifecycle: the health report's data_stream_lifecycle indicator
  The lifecycle publishes, after each run, the backing indices whose error has been retried at least
  `data_streams.lifecycle.signalling.error_retry_interval` times (10 by default), the most retried first
  and at most `data_streams.lifecycle.max_errors_to_publish` of them (500 by default), with the count of
  every index in error (ES `DataStreamLifecycleHealthInfoPublisher`). The indicator turns yellow on any
  such index, with one impact and one diagnosis naming at most `size` of them (default 1000; ES
  `DataStreamLifecycleHealthIndicatorService`, `HealthService#getHealth`).

  Background:
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "10d" } } }
      """

  @profile:9.1
  Scenario: Data stream lifecycle health: a stagnating index gives the yellow indicator with its impact and diagnosis, in ES's key order
    Given I create the data stream "logs-app"
    And 3 documents are bulk-created in "logs-app"
    When the clock advances by 1435m
    And the rollover step of ".ds-logs-app-*" fails with illegal_state_exception: "simulated rollover failure"
    And the clock advances by 55m
    And I send GET "/_health_report/data_stream_lifecycle"
    Then the response is:
      """json
      {"cluster_name":"ilm-sim","indicators":{"data_stream_lifecycle":{"status":"yellow","symptom":"A backing index has repeatedly encountered errors whilst trying to advance in its lifecycle","details":{"stagnating_backing_indices_count":1,"stagnating_backing_indices":[{"index_name":".ds-logs-app-2024.01.01-000001","first_occurrence_timestamp":1704153600000,"retry_count":10}],"total_backing_indices_in_error":1},"impacts":[{"id":"elasticsearch:health:data_stream_lifecycle:impact:stagnating_backing_index","severity":3,"description":"Data streams backing indices cannot make progress in their lifecycle. The performance and stability of the indices and/or the cluster could be impacted.","impact_areas":["deployment_management"]}],"diagnosis":[{"id":"elasticsearch:health:data_stream_lifecycle:diagnosis:stagnating_dsl_backing_index","cause":"Some backing indices are repeatedly encountering errors in their lifecycle execution.","action":"Check the current status of the affected indices using the [GET /<affected_index_name>/_lifecycle/explain] API. Please replace the <affected_index_name> in the API with the actual index name (or the data stream name for a wider overview).","help_url":"https://ela.st/explain-data-stream-lifecycle","affected_resources":{"indices":[".ds-logs-app-2024.01.01-000001"]}}]}}}
      """
    When I send GET "/_health_report/data_stream_lifecycle?verbose=false&filter_path=indicators.*.details,indicators.*.diagnosis.id"
    Then the response is:
      """json
      {"indicators":{"data_stream_lifecycle":{"diagnosis":[{"id":"elasticsearch:health:data_stream_lifecycle:diagnosis:stagnating_dsl_backing_index"}]}}}
      """

  @profile:8.19
  Scenario: Data stream lifecycle health: eleven stagnating indices are all published; size bounds the diagnosis, max_errors_to_publish the details
    Given I create the data stream "logs-a"
    And I create the data stream "logs-b"
    And I create the data stream "logs-c"
    And I create the data stream "logs-d"
    And I create the data stream "logs-e"
    And I create the data stream "logs-f"
    And I create the data stream "logs-g"
    And I create the data stream "logs-h"
    And I create the data stream "logs-i"
    And I create the data stream "logs-j"
    And I create the data stream "logs-k"
    When the clock advances by 1435m
    And the rollover step of ".ds-logs-*" fails with illegal_state_exception: "simulated rollover failure"
    And the clock advances by 55m
    And I send GET "/_health_report/data_stream_lifecycle?filter_path=indicators.*.symptom,indicators.*.details.stagnating_backing_indices_count"
    Then the response is:
      """json
      {"indicators":{"data_stream_lifecycle":{"symptom":"11 backing indices have repeatedly encountered errors whilst trying to advance in its lifecycle","details":{"stagnating_backing_indices_count":11}}}}
      """
    When I send GET "/_health_report/data_stream_lifecycle?size=2&filter_path=indicators.*.diagnosis.affected_resources"
    Then the response is:
      """json
      {"indicators":{"data_stream_lifecycle":{"diagnosis":[{"affected_resources":{"indices":[".ds-logs-a-2024.01.01-000001",".ds-logs-b-2024.01.01-000001"]}}]}}}
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.max_errors_to_publish": 1 } }
      """
    And the clock advances by 5m
    And I send GET "/_health_report/data_stream_lifecycle?filter_path=indicators.*.symptom,indicators.*.details"
    Then the response is:
      """json
      {"indicators":{"data_stream_lifecycle":{"symptom":"A backing index has repeatedly encountered errors whilst trying to advance in its lifecycle","details":{"stagnating_backing_indices_count":1,"stagnating_backing_indices":[{"index_name":".ds-logs-a-2024.01.01-000001","first_occurrence_timestamp":1704153600000,"retry_count":11}],"total_backing_indices_in_error":11}}}}
      """

  @profile:8.19
  Scenario Outline: Data stream lifecycle health: a size of <size> is refused
    When I send GET "/_health_report/data_stream_lifecycle?size=<size>"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "<reason>"

    Examples:
      | size | reason                                                 |
      | -1   | The max number of resources must be a positive integer |
      | ten  | Failed to parse int parameter [size] with value [ten]  |

  @profile:9.1
  Scenario: Data stream lifecycle health: max_errors_to_publish takes a non-negative int
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.max_errors_to_publish": -1 } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Failed to parse value [-1] for setting [data_streams.lifecycle.max_errors_to_publish] must be >= 0"
