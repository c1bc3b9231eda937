Feature: Templates: simulating a composable template
  `POST /_index_template/_simulate/<name>` shows what an existing template (or, with a body, the
  template given in its place) resolves to: its settings and aliases composed from its component
  templates, its data stream lifecycle (with the default rollover when `include_defaults` asks), and
  every other template whose patterns overlap it. `POST /_index_template/_simulate` with a body
  simulates that body as a new template. Nothing is stored (ES `TransportSimulateTemplateAction`).

  Background:
    Given an index template "my-template":
      """json
      { "index_patterns": ["other"], "data_stream": {}, "template": { "lifecycle": { "enabled": true, "data_retention": "7d" } } }
      """

  @profile:8.19
  Scenario: Simulate template: an existing data stream template resolves to its lifecycle, with the default rollover on request
    When I send POST "/_index_template/_simulate/my-template?include_defaults=true"
    Then the response is:
      """json
      {"template":{"settings":{},"mappings":{},"aliases":{},"lifecycle":{"enabled":true,"data_retention":"7d","effective_retention":"7d","retention_determined_by":"data_stream_configuration","rollover":{"min_docs":1,"max_primary_shard_docs":200000000,"max_primary_shard_size":"50gb","max_age":"1d [automatic]"}}},"overlapping":[]}
      """

  @profile:9.1
  Scenario: Simulate template: a body is simulated as a new template, composed with its component templates, and not stored
    Given I send PUT "/_component_template/ct" with:
      """json
      { "template": { "settings": { "index.number_of_replicas": 2 } } }
      """
    And an index template "existing_test":
      """json
      { "index_patterns": ["te*"], "priority": 10, "template": { "settings": { "number_of_shards": 1 } } }
      """
    When I send POST "/_index_template/_simulate" with:
      """json
      { "index_patterns": ["te*"], "priority": 15, "template": { "settings": { "index.blocks.write": true }, "aliases": { "test_alias": {} } }, "composed_of": ["ct"] }
      """
    Then the response is:
      """json
      {"template":{"settings":{"index":{"blocks":{"write":"true"},"number_of_replicas":"2"}},"mappings":{},"aliases":{"test_alias":{}}},"overlapping":[{"name":"existing_test","index_patterns":["te*"]}]}
      """
    When I send GET "/_index_template/simulate*"
    Then the response status is 404
    And the response is:
      """json
      {"index_templates":[]}
      """

  @profile:8.19
  Scenario: Simulate template: a missing template, or neither a name nor a body, is refused
    When I send POST "/_index_template/_simulate/no-such-template"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "unable to simulate template [no-such-template] that does not exist"
    When I send POST "/_index_template/_simulate"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "a template name to match or a new template body must be specified"

  @profile:8.19
  Scenario: Simulate template: a lifecycle without data_stream is refused as PUT refuses it
    ES's simulate API adds the template to a copy of the cluster state through the same method as
    `PUT _index_template` (`MetadataIndexTemplateService#addIndexTemplateV2`), so it runs the same checks.
    When I send POST "/_index_template/_simulate" with:
      """json
      { "index_patterns": ["plain-*"], "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    Then the request fails with status 400 and error "illegal_argument_exception"
    When I send POST "/_index_template/_simulate/mine" with:
      """json
      { "index_patterns": ["plain-*"], "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index template [mine] specifies lifecycle configuration that can only be used in combination with a data stream"
    When I send GET "/_index_template/mine"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "index template matching [mine] not found"
