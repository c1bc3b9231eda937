Feature: Data stream lifecycle: what ES's lifecycle page says of it
  ES's page on the data stream lifecycle (8.x `docs/reference/data-streams/lifecycle/index.asciidoc`, 9.x
  `elastic/docs-content` `manage-data/lifecycle/data-stream.md`): the lifecycle is for data streams only,
  so an index template giving one without `data_stream` is refused, whether the lifecycle is its own or
  comes from a component template (ES `MetadataIndexTemplateService#validateLifecycle`); a new stream
  takes the lifecycle of its template, and the lifecycle lives on the stream, so changing the template
  later leaves existing streams as they are.

  Scenario Outline: Data stream lifecycle docs: a lifecycle in a template without data_stream is refused (<profile>)
    When I send PUT "/_index_template/my-index-template" with:
      """json
      { "index_patterns": ["my-index-*"], "priority": 500, "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index template [my-index-template] specifies lifecycle configuration that can only be used in combination with a data stream"
    Given I send PUT "/_component_template/my-lifecycle" with:
      """json
      { "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    When I send PUT "/_index_template/my-index-template" with:
      """json
      { "index_patterns": ["my-index-*"], "priority": 500, "composed_of": ["my-lifecycle"] }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index template [my-index-template] specifies lifecycle configuration that can only be used in combination with a data stream"
    When I send GET "/_index_template/my-index-template"
    Then the request fails with status 404 and error "resource_not_found_exception"
    # Nor can a component template a plain index template uses take a lifecycle later.
    Given I send PUT "/_component_template/my-settings" with:
      """json
      { "template": { "settings": { "index.number_of_replicas": 0 } } }
      """
    And I send PUT "/_index_template/my-plain-template" with:
      """json
      { "index_patterns": ["my-plain-*"], "priority": 500, "composed_of": ["my-settings"] }
      """
    When I send PUT "/_component_template/my-settings" with:
      """json
      { "template": { "settings": { "index.number_of_replicas": 0 }, "lifecycle": { "data_retention": "7d" } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "updating component template [my-settings] results in invalid composable template [my-plain-template] after templates are merged"
    And the response has:
      | error.caused_by.type   | illegal_argument_exception                                                                                                     |
      | error.caused_by.reason | index template [my-plain-template] specifies lifecycle configuration that can only be used in combination with a data stream |
    When I send GET "/_component_template/my-settings?filter_path=component_templates.component_template.template"
    Then the response is:
      """json
      { "component_templates": [ { "component_template": { "template": { "settings": { "index": { "number_of_replicas": "0" } } } } } ] }
      """
    # With `data_stream` the same template is taken.
    When I send PUT "/_index_template/my-index-template" with:
      """json
      { "index_patterns": ["my-index-*"], "priority": 500, "composed_of": ["my-lifecycle"], "data_stream": {} }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: the lifecycle lives on the stream; a changed template reaches only new streams (<profile>)
    Given an index template "my-template":
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    And I create the data stream "my-data-stream-1"
    When I send PUT "/_index_template/my-template" with:
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "30d" } } }
      """
    And I create the data stream "my-data-stream-2"
    And I send GET "/_data_stream/my-data-stream*/_lifecycle?filter_path=data_streams.name,data_streams.lifecycle.data_retention"
    Then the response is:
      """json
      { "data_streams": [
        { "name": "my-data-stream-1", "lifecycle": { "data_retention": "7d" } },
        { "name": "my-data-stream-2", "lifecycle": { "data_retention": "30d" } } ] }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |
