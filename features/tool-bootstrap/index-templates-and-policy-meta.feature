Feature: Tool bootstrap: what the official clients send around index templates and policies
  The clients check a composable template with `HEAD`, may create it with `POST` and `?create=true`,
  and ask `_simulate_index` which settings an index would get: the winning template's settings with
  its component templates composed in, and the templates whose patterns overlap it. Policy files from
  Kibana or Terraform carry `_meta`, which 7.14+ keeps and shows and 7.10 refuses as an unknown field.

  @profile:8.19
  Scenario: Tool bootstrap: HEAD, POST with create, and what an index would get
    The built-in `logs` template (`logs-*-*`, priority 100) overlaps `logs-*` but does not match
    `logs-000001`, so it is listed among the overlapping ones.
    Given I send PUT "/_component_template/ilm" with:
      """json
      { "template": { "settings": { "index.lifecycle.name": "logs" }, "aliases": { "logs-read": {} } } }
      """
    And I send POST "/_index_template/app-logs?create=true" with:
      """json
      { "index_patterns": ["logs-*"], "priority": 10, "composed_of": ["ilm"], "template": { "settings": { "number_of_shards": 2 } } }
      """
    And I send PUT "/_index_template/everything" with:
      """json
      { "index_patterns": ["*"], "priority": 1 }
      """
    When I send HEAD "/_index_template/app-logs"
    Then the response status is 200
    When I send POST "/_index_template/app-logs?create=true" with:
      """json
      { "index_patterns": ["logs-*"], "priority": 10 }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      index template [app-logs] already exists
      """
    When I send POST "/_index_template/_simulate_index/logs-000001"
    Then the response is:
      """json
      {"template":{"settings":{"index":{"lifecycle":{"name":"logs"},"number_of_shards":"2"}},"mappings":{},"aliases":{"logs-read":{}}},"overlapping":[{"name":"everything","index_patterns":["*"]},{"name":"logs","index_patterns":["logs-*-*"]}]}
      """

  Scenario: Tool bootstrap: no composable template matches
    When I send POST "/_index_template/_simulate_index/plain-index"
    Then the response is:
      """json
      {}
      """

  @profile:8.19
  Scenario: Tool bootstrap: a policy's _meta is kept and shown after its phases (8.19)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "_meta": { "managed_by": "terraform", "team": "platform" }, "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    When I send GET "/_ilm/policy/logs?filter_path=logs.policy"
    Then the response is:
      """json
      {"logs":{"policy":{"phases":{"delete":{"min_age":"30d","actions":{"delete":{"delete_searchable_snapshot":true}}}},"_meta":{"managed_by":"terraform","team":"platform"}}}}
      """

  @profile:7.17
  Scenario: Tool bootstrap: 7.17 keeps a policy's _meta too (7.14+)
    Given a lifecycle policy "tf":
      """json
      { "policy": { "_meta": { "managed_by": "terraform" }, "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    When I send GET "/_ilm/policy/tf?filter_path=tf.policy._meta"
    Then the response is:
      """json
      {"tf":{"policy":{"_meta":{"managed_by":"terraform"}}}}
      """

  Scenario: Tool bootstrap: 7.10 refuses a policy's _meta
    When I send PUT "/_ilm/policy/logs" with:
      """json
      { "policy": { "_meta": { "team": "platform" }, "phases": {} } }
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason:
      """
      [1:24] [put_lifecycle_request] failed to parse field [policy]
      """
    And the root cause is "x_content_parse_exception" with reason "[1:15] [lifecycle_policy] unknown field [_meta]"

  @profile:6.6
  Scenario: Tool bootstrap: 6.6 has no composable templates; an index created afterwards does not get their settings
    When I send PUT "/_index_template/t" with:
      """json
      { "index_patterns": ["app-*"], "template": { "settings": { "number_of_shards": 2, "index.lifecycle.name": "logs" } } }
      """
    Then the response is:
      """json
      {"error":"no handler found for uri [/_index_template/t] and method [PUT]"}
      """
    When I send GET "/_index_template/t"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_index_template/t] and method [GET]"}
      """
    When I send PUT "/app-1"
    And I send GET "/app-1/_settings?filter_path=*.settings.index.number_of_shards,*.settings.index.lifecycle"
    Then the response is:
      """json
      {"app-1":{"settings":{"index":{"number_of_shards":"5"}}}}
      """
