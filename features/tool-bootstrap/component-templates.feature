Feature: Tool bootstrap: component templates composed into index templates
  Fleet-style setups and the official clients keep settings in component templates and compose them
  into an index template with `composed_of`: the components' settings in order, then the template's
  own. The `index.lifecycle.*` settings may come from any of them. A component an index template still
  uses cannot be removed, and an index template cannot name a component that does not exist.

  Background:
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I send PUT "/_component_template/ilm" with:
      """json
      { "template": { "settings": { "index.lifecycle.name": "logs", "number_of_shards": 3 } } }
      """
    And I send PUT "/_component_template/shards" with:
      """json
      { "template": { "settings": { "index": { "number_of_shards": 2 } }, "aliases": { "all-logs": {} } }, "version": 7 }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "composed_of": ["ilm", "shards"], "template": { "settings": { "number_of_replicas": 0 } } }
      """

  Scenario: Tool bootstrap: a new index takes the composed settings and aliases, and ILM runs it
    When I send PUT "/logs-1"
    And I send GET "/logs-1/_settings/index.number_of_*,index.lifecycle.name?flat_settings"
    Then the response is:
      """json
      {"logs-1":{"settings":{"index.lifecycle.name":"logs","index.number_of_replicas":"0","index.number_of_shards":"2"}}}
      """
    When I send GET "/logs-1/_alias"
    Then the response is:
      """json
      {"logs-1":{"aliases":{"all-logs":{}}}}
      """
    When the clock advances until "logs-1" does not exist
    Then the index "logs-1" does not exist

  Scenario: Tool bootstrap: reading, checking and removing component templates
    When I send GET "/_component_template/shards"
    Then the response is:
      """json
      {"component_templates":[{"name":"shards","component_template":{"template":{"settings":{"index":{"number_of_shards":"2"}},"aliases":{"all-logs":{}}},"version":7}}]}
      """
    When I send HEAD "/_component_template/none"
    Then the response status is 404
    When I send DELETE "/_component_template/ilm"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      component templates [ilm] cannot be removed as they are still in use by index templates [logs]
      """
    When I send DELETE "/_component_template/none"
    Then the request fails with status 404, error "resource_not_found_exception" and reason:
      """
      none
      """
    When I send PUT "/_index_template/other" with:
      """json
      { "index_patterns": ["other-*"], "composed_of": ["ilm", "nope"] }
      """
    Then the request fails with status 400, error "invalid_index_template_exception" and reason:
      """
      index_template [other] invalid, cause [index template [other] specifies component templates [nope] that do not exist]
      """

