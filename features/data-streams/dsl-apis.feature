Feature: Data stream lifecycle: its APIs
  `PUT|GET|DELETE /_data_stream/<name>/_lifecycle` take names, lists and wildcards; a list naming a
  missing stream is refused whole (`no such index`) and changes nothing. `PUT` replaces the whole
  lifecycle, `DELETE` leaves the stream unmanaged. `include_defaults` adds the default rollover.
  What ES's own REST tests for the lifecycle check (the data-streams module's `data_stream/lifecycle`
  folder), written as our own scenarios.

  Background:
    Given an index template "with-lifecycle":
      """json
      { "index_patterns": ["data-stream-with-lifecycle"], "data_stream": {}, "priority": 500, "template": { "settings": { "index.number_of_replicas": 0 }, "lifecycle": { "data_retention": "10d" } } }
      """
    And an index template "simple":
      """json
      { "index_patterns": ["simple-data-stream1"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """
    And I create the data stream "data-stream-with-lifecycle"
    And I create the data stream "simple-data-stream1"

  @profile:8.19
  Scenario: Data stream lifecycle: a stream gets its template's lifecycle; without retention it has no effective retention
    When I send GET "/_data_stream/data-stream-with-lifecycle,simple-data-stream1/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{},"data_streams":[
        {"name":"data-stream-with-lifecycle","lifecycle":{"enabled":true,"data_retention":"10d","effective_retention":"10d","retention_determined_by":"data_stream_configuration"}},
        {"name":"simple-data-stream1","lifecycle":{"enabled":true}}]}
      """

  @profile:9.1
  Scenario: Data stream lifecycle: PUT on a wildcard replaces every stream's lifecycle; DELETE removes it
    When I set the lifecycle of the data stream "*" to:
      """json
      { "downsampling": [ { "after": "10d", "fixed_interval": "1h" }, { "after": "100d", "fixed_interval": "10h" } ], "data_retention": "30d", "enabled": false }
      """
    Then the response is:
      """json
      {"acknowledged":true}
      """
    And the lifecycle of the data stream "simple-data-stream1" contains:
      """json
      {"name":"simple-data-stream1","lifecycle":{"enabled":false,"data_retention":"30d","downsampling":[{"after":"10d","fixed_interval":"1h"},{"after":"100d","fixed_interval":"10h"}]}}
      """
    When I remove the lifecycle of the data stream "simple-data-stream1"
    And I send GET "/_data_stream/simple-data-stream1/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{},"data_streams":[{"name":"simple-data-stream1"}]}
      """
    When I send GET "/_data_stream/simple-data-stream1?filter_path=data_streams.next_generation_managed_by,data_streams.indices.managed_by"
    Then the response is:
      """json
      {"data_streams":[{"indices":[{"managed_by":"Unmanaged"}],"next_generation_managed_by":"Unmanaged"}]}
      """

  @profile:8.19
  Scenario: Data stream lifecycle: a list naming a missing stream is refused whole
    When I set the lifecycle of the data stream "data-stream-with-lifecycle,does-not-exist" to:
      """json
      { "data_retention": "30d" }
      """
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [does-not-exist]"
    When I send DELETE "/_data_stream/data-stream-with-lifecycle,does-not-exist/_lifecycle"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [does-not-exist]"
    And the lifecycle of the data stream "data-stream-with-lifecycle" contains:
      """json
      {"lifecycle":{"enabled":true,"data_retention":"10d"}}
      """

  @profile:8.19
  Scenario: Data stream lifecycle: explain shows the default rollover only with include_defaults; an unmanaged index says so
    Given an index template "plain":
      """json
      { "index_patterns": ["plain-*"], "data_stream": {}, "priority": 500 }
      """
    And I create the data stream "plain-app"
    When I send GET "/data-stream-with-lifecycle/_lifecycle/explain?filter_path=indices.*.lifecycle"
    Then the response is:
      """json
      {"indices":{".ds-data-stream-with-lifecycle-2024.01.01-000001":{"lifecycle":{"enabled":true,"data_retention":"10d","effective_retention":"10d","retention_determined_by":"data_stream_configuration"}}}}
      """
    When I send GET "/data-stream-with-lifecycle/_lifecycle/explain?include_defaults=true&filter_path=indices.*.lifecycle.rollover.max_age"
    Then the response is:
      """json
      {"indices":{".ds-data-stream-with-lifecycle-2024.01.01-000001":{"lifecycle":{"rollover":{"max_age":"1d [automatic]"}}}}}
      """
    When I send GET "/plain-app/_lifecycle/explain"
    Then the response is:
      """json
      {"indices":{".ds-plain-app-2024.01.01-000001":{"index":".ds-plain-app-2024.01.01-000001","managed_by_lifecycle":false}}}
      """

  @profile:8.19
  Scenario: Data stream lifecycle: component templates compose the lifecycle, and simulate shows it
    Given I send PUT "/_component_template/retention-30d" with:
      """json
      { "template": { "lifecycle": { "data_retention": "30d" } } }
      """
    And an index template "composed":
      """json
      { "index_patterns": ["composed-*"], "data_stream": {}, "priority": 500, "composed_of": ["retention-30d"], "template": { "lifecycle": { "enabled": true } } }
      """
    When I send POST "/_index_template/_simulate_index/composed-app?filter_path=template.lifecycle"
    Then the response is:
      """json
      {"template":{"lifecycle":{"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"}}}
      """
    When I create the data stream "composed-app"
    Then the lifecycle of the data stream "composed-app" contains:
      """json
      {"lifecycle":{"enabled":true,"data_retention":"30d"}}
      """
