Feature: Templates: composable and component templates as GET shows them
  ES keeps a composable template as it parsed it and prints it in one order
  (`ComposableIndexTemplate#toXContent`): `index_patterns` as a list, `template` (settings normalised to
  `index.*` strings in key order, nested unless `flat_settings`; mappings; aliases), `composed_of`,
  `priority`, `version`, `_meta`, `data_stream`, then `allow_auto_create`,
  `ignore_missing_component_templates` and `deprecated`, whatever order the body had. `composed_of` is
  shown as an empty list on 8.12.2+ when none was given (elastic/elasticsearch#105315), and on 7.x when
  the body had a `template` (7.x rebuilt the template through `composedOf()`). `data_stream` shows
  `hidden` from 7.11 and `allow_custom_routing` from 8.0. A wildcard that matches no template is a 404
  with the empty list (`RestGetComposableIndexTemplateAction`, `RestGetComponentTemplateAction`).

  @profile:8.19
  Scenario: Get index template: 8.19 prints the template in its own order, settings as strings
    Given the built-in stack templates are turned off
    And I send PUT "/_index_template/app" with:
      """json
      { "priority": 5, "version": "3", "_meta": { "team": "ops" }, "data_stream": {}, "index_patterns": "app-*",
        "template": { "aliases": { "b": {}, "a": { "is_hidden": true } }, "settings": { "number_of_shards": 1, "index.lifecycle.name": "app" } },
        "allow_auto_create": true }
      """
    And I send PUT "/_index_template/bare" with:
      """json
      { "index_patterns": ["bare-*"] }
      """
    When I send GET "/_index_template"
    Then the response status is 200
    And the response is:
      """json
      {"index_templates":[{"name":"app","index_template":{"index_patterns":["app-*"],"template":{"settings":{"index":{"lifecycle":{"name":"app"},"number_of_shards":"1"}},"aliases":{"a":{"is_hidden":true},"b":{}}},"composed_of":[],"priority":5,"version":3,"_meta":{"team":"ops"},"data_stream":{"hidden":false,"allow_custom_routing":false},"allow_auto_create":true}},{"name":"bare","index_template":{"index_patterns":["bare-*"],"composed_of":[]}}]}
      """
    When I send GET "/_index_template/app?flat_settings=true&filter_path=index_templates.index_template.template.settings"
    Then the response is:
      """json
      {"index_templates":[{"index_template":{"template":{"settings":{"index.lifecycle.name":"app","index.number_of_shards":"1"}}}}]}
      """

  @profile:7.10
  Scenario: Get index template: 7.10 shows composed_of only when given or with a template, data_stream empty
    Given the built-in stack templates are turned off
    And I send PUT "/_index_template/with-template" with:
      """json
      { "data_stream": {}, "index_patterns": ["logs-app-*"], "template": { "settings": { "index.lifecycle.name": "logs" } } }
      """
    And I send PUT "/_index_template/bare" with:
      """json
      { "priority": 1, "index_patterns": ["bare-*"] }
      """
    When I send GET "/_index_template"
    Then the response is:
      """json
      {"index_templates":[{"name":"bare","index_template":{"index_patterns":["bare-*"],"priority":1}},{"name":"with-template","index_template":{"index_patterns":["logs-app-*"],"template":{"settings":{"index":{"lifecycle":{"name":"logs"}}}},"composed_of":[],"data_stream":{}}}]}
      """

  @profile:7.17
  Scenario: Get index template: 7.17 shows data_stream's hidden flag
    Given the built-in stack templates are turned off
    And I send PUT "/_index_template/logs-app" with:
      """json
      { "index_patterns": ["logs-app-*"], "data_stream": {}, "allow_auto_create": false }
      """
    When I send GET "/_index_template/logs-app"
    Then the response is:
      """json
      {"index_templates":[{"name":"logs-app","index_template":{"index_patterns":["logs-app-*"],"data_stream":{"hidden":false},"allow_auto_create":false}}]}
      """

  @profile:8.19
  Scenario: Get index template: a wildcard matching none is a 404 with the empty list, a name matching none an error
    Given the built-in stack templates are turned off
    When I send GET "/_index_template/nothing-*"
    Then the response status is 404
    And the response is:
      """json
      {"index_templates":[]}
      """
    When I send HEAD "/_index_template/nothing-*"
    Then the response status is 404
    When I send GET "/_component_template/nothing-*"
    Then the response status is 404
    And the response is:
      """json
      {"component_templates":[]}
      """
    When I send GET "/_index_template"
    Then the response status is 200
    And the response is:
      """json
      {"index_templates":[]}
      """
    When I send GET "/_index_template/nothing"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "index template matching [nothing] not found"
