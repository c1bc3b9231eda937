Feature: Data stream lifecycle: effective retention where ES 8.16+ shows it
  Every place that shows a stream's lifecycle (`GET /_data_stream`, `GET /_data_stream/<name>/_lifecycle`,
  `GET /<index>/_lifecycle/explain`, `_simulate_index`) adds the retention the lifecycle applies
  (`effective_retention`) and what set it (`retention_determined_by`: the stream's own
  `data_stream_configuration`, the `default_global_retention` filling in, or the `max_global_retention`
  capping it); a stream without any retention shows neither. `GET .../_lifecycle` leads with the
  `global_retention` settings, an empty object when none is set. Written in our own words after
  what ES's REST tests for the lifecycle check (`40_effective_retention`, `20_basic`,
  `190_create_data_stream_with_lifecycle`, `30_not_found`).

  Background:
    Given an index template "managed":
      """json
      { "index_patterns": ["managed-*"], "data_stream": {}, "priority": 500, "template": { "settings": { "index.number_of_replicas": 0 }, "lifecycle": { "data_retention": "30d" } } }
      """
    And an index template "no-retention":
      """json
      { "index_patterns": ["open-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """
    And I create the data stream "managed-app"
    And I create the data stream "open-app"

  @profile:8.19
  Scenario: Effective retention: a new stream shows its template's lifecycle, and its default rollover only when defaults are asked for
    When I send GET "/_data_stream/managed-app?filter_path=data_streams.name,data_streams.generation,data_streams.status,data_streams.template,data_streams.hidden,data_streams.lifecycle"
    Then the response is:
      """json
      {"data_streams":[{"name":"managed-app","generation":1,"lifecycle":{"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"},"status":"GREEN","template":"managed","hidden":false}]}
      """
    When I send GET "/_data_stream/managed-app?include_defaults=true&filter_path=data_streams.lifecycle.rollover"
    Then the response is:
      """json
      {"data_streams":[{"lifecycle":{"rollover":{"min_docs":1,"max_primary_shard_docs":200000000,"max_primary_shard_size":"50gb","max_age":"7d [automatic]"}}}]}
      """

  @profile:9.1
  Scenario: Effective retention: the global settings appear in GET lifecycle and set the effective retention of every stream
    When I send GET "/_data_stream/open-app/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{},"data_streams":[{"name":"open-app","lifecycle":{"enabled":true}}]}
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "7d", "data_streams.lifecycle.retention.max": "9d" } }
      """
    And I send GET "/_data_stream/open-app,managed-app/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{"max_retention":"9d","default_retention":"7d"},"data_streams":[
        {"name":"managed-app","lifecycle":{"enabled":true,"data_retention":"30d","effective_retention":"9d","retention_determined_by":"max_global_retention"}},
        {"name":"open-app","lifecycle":{"enabled":true,"effective_retention":"7d","retention_determined_by":"default_global_retention"}}]}
      """
    When I send GET "/managed-app/_lifecycle/explain?filter_path=indices.*.managed_by_lifecycle,indices.*.lifecycle"
    Then the response is:
      """json
      {"indices":{".ds-managed-app-2024.01.01-000001":{"managed_by_lifecycle":true,"lifecycle":{"enabled":true,"data_retention":"30d","effective_retention":"9d","retention_determined_by":"max_global_retention"}}}}
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": null, "data_streams.lifecycle.retention.max": null } }
      """
    And I send GET "/_data_stream/open-app/_lifecycle"
    Then the response is:
      """json
      {"global_retention":{},"data_streams":[{"name":"open-app","lifecycle":{"enabled":true}}]}
      """

  @profile:8.19
  Scenario: Effective retention: an empty lifecycle put on a stream takes the default global retention
    When I set the lifecycle of the data stream "managed-app" to:
      """json
      {}
      """
    And I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "7d" } }
      """
    Then the lifecycle of the data stream "managed-app" contains:
      """json
      {"name":"managed-app","lifecycle":{"enabled":true,"effective_retention":"7d","retention_determined_by":"default_global_retention"}}
      """

  @profile:8.19
  Scenario: Effective retention: GET lifecycle naming a missing stream is refused
    When I send GET "/_data_stream/managed-app,does-not-exist/_lifecycle"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [does-not-exist]"

  @profile:9.1
  Scenario: Effective retention: explain shows no frozen tier state and no rollover unless defaults are asked for
    When I send GET "/managed-app/_lifecycle/explain?filter_path=indices.*.frozen,indices.*.lifecycle.rollover"
    Then the response is:
      """json
      {}
      """

  @profile:8.19
  Scenario: Effective retention: GET of an index or component template adds the default rollover only with include_defaults, no effective retention
    Given I send PUT "/_component_template/retention-10d" with:
      """json
      { "template": { "lifecycle": { "data_retention": "10d" } }, "version": 1 }
      """
    When I send GET "/_component_template/retention-10d?include_defaults=true"
    Then the response is:
      """json
      {"component_templates":[{"name":"retention-10d","component_template":{"template":{"lifecycle":{"enabled":true,"data_retention":"10d","rollover":{"min_docs":1,"max_primary_shard_docs":200000000,"max_primary_shard_size":"50gb","max_age":"1d [automatic]"}}},"version":1}}]}
      """
    When I send GET "/_component_template/retention-10d"
    Then the response is:
      """json
      {"component_templates":[{"name":"retention-10d","component_template":{"template":{"lifecycle":{"enabled":true,"data_retention":"10d"}},"version":1}}]}
      """
    When I send GET "/_index_template/no-retention?include_defaults=true&filter_path=index_templates.index_template.template"
    Then the response is:
      """json
      {"index_templates":[{"index_template":{"template":{"lifecycle":{"enabled":true,"rollover":{"min_docs":1,"max_primary_shard_docs":200000000,"max_primary_shard_size":"50gb","max_age":"30d [automatic]"}}}}}]}
      """
