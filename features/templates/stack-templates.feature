Feature: Built-in stack templates: logs-*-*, metrics-*-* and synthetics-*-* work out of the box (7.9+)
  From 7.9 Elasticsearch's stack template registry installs, when the cluster starts, the composable
  index templates `logs`, `metrics` and `synthetics` (priority 100, `data_stream: {}`), the component
  templates they compose and the ILM policies their settings name, all marked `_meta.managed: true`.
  So `PUT /_data_stream/logs-my_app-default`, or a first document written to `logs-foo-bar`, makes a
  data stream whose backing indices the built-in policy rolls over at 30 days or 50gb. 8.12 renamed
  them (`logs@settings`, `logs@lifecycle`, ...) and keeps installing the old names marked `deprecated`.
  The simulator installs them at creation and after `POST /_sim/_reset`; the node setting
  `stack.templates.enabled: false` (`createSimulator({ stackTemplates: false })`, `serve
  --no-stack-templates`) leaves them out. 6.6 has none.

  Scenario: Stack templates: a fresh 7.10 cluster holds the logs template, its components and policy
    When I send GET "/_index_template/logs"
    Then the response is:
      """json
      {"index_templates":[{"name":"logs","index_template":{"index_patterns":["logs-*-*"],"composed_of":["logs-mappings","logs-settings"],"priority":100,"version":1,"_meta":{"description":"default logs template installed by x-pack","managed":true},"data_stream":{}}}]}
      """
    When I send GET "/_component_template/logs-settings"
    Then the response is:
      """json
      {"component_templates":[{"name":"logs-settings","component_template":{"template":{"settings":{"index":{"codec":"best_compression","lifecycle":{"name":"logs"},"query":{"default_field":["message"]}}}},"version":1,"_meta":{"description":"default settings for the logs index template installed by x-pack","managed":true}}}]}
      """
    When I send GET "/_ilm/policy/logs"
    Then the response is:
      """json
      {"logs":{"version":1,"modified_date":"2024-01-01T00:00Z","policy":{"phases":{"hot":{"min_age":"0ms","actions":{"rollover":{"max_size":"50gb","max_age":"30d"}}}}}}}
      """
    When I send GET "/_ilm/policy"
    Then the response has the keys "logs, metrics, synthetics"

  Scenario: Stack templates: PUT /_data_stream/logs-my_app-default uses the logs template and policy
    When I create the data stream "logs-my_app-default"
    And I send GET "/_data_stream/logs-my_app-default?filter_path=data_streams.name,data_streams.template,data_streams.ilm_policy"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-my_app-default","template":"logs","ilm_policy":"logs"}]}
      """
    And ".ds-logs-my_app-default-000001" is in the "hot" phase
    When the clock advances by 30d
    Then the data stream "logs-my_app-default" has the backing indices:
      | .ds-logs-my_app-default-000001 |
      | .ds-logs-my_app-default-000002 |

  @profile:8.19
  Scenario: Stack templates: 8.19 auto-creates logs-foo-bar with logs@lifecycle, and keeps the old names deprecated
    When I send POST "/logs-foo-bar/_doc" with:
      """json
      { "@timestamp": "2024-01-01T00:00:00Z", "message": "hello" }
      """
    Then the response status is 201
    When I send GET "/_data_stream/logs-foo-bar?filter_path=data_streams.template,data_streams.ilm_policy,data_streams.indices.index_name"
    Then the response is:
      """json
      {"data_streams":[{"indices":[{"index_name":".ds-logs-foo-bar-2024.01.01-000001"}],"template":"logs","ilm_policy":"logs@lifecycle"}]}
      """
    When I send GET "/_index_template/logs?filter_path=index_templates.index_template.composed_of,index_templates.index_template.ignore_missing_component_templates,index_templates.index_template.version"
    Then the response is:
      """json
      {"index_templates":[{"index_template":{"composed_of":["logs@mappings","logs@settings","logs@custom","ecs@mappings"],"version":14,"ignore_missing_component_templates":["logs@custom"]}}]}
      """
    When I send GET "/_ilm/policy/logs@lifecycle,logs?filter_path=*.version,*.policy.phases.hot.actions,*.policy.deprecated"
    Then the response is:
      """json
      {"logs@lifecycle":{"version":1,"policy":{"phases":{"hot":{"actions":{"rollover":{"max_age":"30d","max_primary_shard_size":"50gb"}}}},"deprecated":false}},"logs":{"version":1,"policy":{"phases":{"hot":{"actions":{"rollover":{"max_age":"30d","max_primary_shard_size":"50gb"}}}},"deprecated":true}}}
      """
    When I send GET "/_component_template/logs-settings?filter_path=component_templates.component_template.version,component_templates.component_template.deprecated"
    Then the response is:
      """json
      {"component_templates":[{"component_template":{"version":5,"deprecated":true}}]}
      """
    # logs@lifecycle rolls over at 30 days (8.x also wants a document: the implicit min_docs 1).
    When the clock advances by 30d
    Then the data stream "logs-foo-bar" has the backing indices:
      | .ds-logs-foo-bar-2024.01.01-000001 |
      | .ds-logs-foo-bar-2024.01.31-000002 |

  @profile:8.19
  Scenario: Stack templates: a user template of the same priority overlapping logs-*-* is refused
    When I send PUT "/_index_template/my-logs" with:
      """json
      { "index_patterns": ["logs-my*"], "priority": 100, "data_stream": {} }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      index template [my-logs] has index patterns [logs-my*] matching patterns from existing templates [logs] with patterns (logs => [logs-*-*]) that have the same priority [100], multiple index templates may not match during index creation, please use a different priority
      """
    When I send PUT "/_index_template/my-logs" with:
      """json
      { "index_patterns": ["logs-my*"], "priority": 200, "data_stream": {} }
      """
    Then the response status is 200

  Scenario: Stack templates: users may delete or overwrite them; a reset puts them back
    When I send DELETE "/_index_template/logs"
    Then the response status is 200
    When I send PUT "/_data_stream/logs-my_app-default"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      no matching index template found for data stream [logs-my_app-default]
      """
    When I send POST "/_sim/_reset"
    And I send GET "/_index_template/logs?filter_path=index_templates.name"
    Then the response is:
      """json
      {"index_templates":[{"name":"logs"}]}
      """

  Scenario: Stack templates: stack.templates.enabled false starts a cluster without them
    Given the built-in stack templates are turned off
    When I send GET "/_index_template"
    Then the response is:
      """json
      {"index_templates":[]}
      """
    When I send GET "/_ilm/policy"
    Then the response is:
      """json
      {}
      """
    When I send PUT "/_data_stream/logs-my_app-default"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      no matching index template found for data stream [logs-my_app-default]
      """

  Scenario: Stack templates: 7.10 reads stack.templates.enabled from the node settings only
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "stack.templates.enabled": false } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      persistent setting [stack.templates.enabled], not dynamically updateable
      """

  @profile:7.17
  Scenario: Stack templates: from 7.11 the setting is dynamic; turning it off installs nothing more and deletes nothing
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "stack.templates.enabled": false } }
      """
    Then the response is:
      """json
      {"acknowledged":true,"persistent":{"stack":{"templates":{"enabled":"false"}}},"transient":{}}
      """
    When I send GET "/_index_template/logs?filter_path=index_templates.index_template.composed_of"
    Then the response is:
      """json
      {"index_templates":[{"index_template":{"composed_of":["logs-mappings","data-streams-mappings","logs-settings"]}}]}
      """

  @profile:6.6
  Scenario: Stack templates: 6.6 has none, and no such setting
    When I send GET "/_ilm/policy"
    Then the response is:
      """json
      {}
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "stack.templates.enabled": false } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      persistent setting [stack.templates.enabled], not recognized
      """
