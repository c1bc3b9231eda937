Feature: Tool bootstrap: the calls Beats and Logstash make before ILM runs
  Logstash and Beats check that ILM is available (`GET /_xpack`, `GET /_license`), install a legacy
  template and a policy, look for the write alias (`HEAD /_alias/<name>`) and, when it is missing,
  create the first index with a URL-encoded date-math name that carries the alias as its write index.
  Date math resolves on the simulator's clock, and each rollover keeps the date-math wrapper, so the
  next index carries the day of the rollover.

  Background:
    Given the clock starts at "2024-03-15T13:00:00Z"

  Scenario: Tool bootstrap: ILM is available under the basic license (7.10)
    When I send GET "/_xpack?categories=features&filter_path=features.ilm,tagline"
    Then the response is:
      """json
      {"features":{"ilm":{"available":true,"enabled":true}},"tagline":"You know, for X"}
      """
    When I send GET "/_license?filter_path=license.status,license.type,license.issue_date,license.max_nodes"
    Then the response is:
      """json
      {"license":{"status":"active","type":"basic","issue_date":"2024-03-15T13:00:00.000Z","max_nodes":1000}}
      """

  @profile:8.19
  Scenario: Tool bootstrap: the 8.x license prints max_resource_units, and /_xpack/license is gone
    When I send GET "/_license?filter_path=license.max_nodes,license.max_resource_units"
    Then the response is:
      """json
      {"license":{"max_nodes":1000,"max_resource_units":null}}
      """
    When I send GET "/_xpack/license"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_xpack/license] and method [GET]"}
      """

  @profile:6.6
  Scenario: Tool bootstrap: 6.6 has the license under /_xpack/license only
    When I send GET "/_xpack/license?filter_path=license.type"
    Then the response is:
      """json
      {"license":{"type":"basic"}}
      """
    When I send GET "/_license"
    Then the request fails with status 404 and error "index_not_found_exception"

  Scenario: Tool bootstrap: the Logstash sequence, then rollovers name each new index after its day
    When I send HEAD "/_template/logstash"
    Then the response status is 404
    When I send PUT "/_template/logstash" with:
      """json
      { "index_patterns": "logstash-*", "order": 0,
        "settings": { "index.lifecycle.name": "logstash-policy", "index.lifecycle.rollover_alias": "logstash" } }
      """
    And I send PUT "/_ilm/policy/logstash-policy" with:
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } }, "delete": { "min_age": "3d", "actions": { "delete": {} } } } } }
      """
    And I send HEAD "/_alias/logstash"
    Then the response status is 404
    When I send PUT "/%3Clogstash-%7Bnow%2Fd%7D-000001%3E" with:
      """json
      { "aliases": { "logstash": { "is_write_index": true } } }
      """
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true,"index":"logstash-2024.03.15-000001"}
      """
    When I send GET "/logstash-2024.03.15-000001/_settings/index.provided_name,index.lifecycle.*?flat_settings"
    Then the response is:
      """json
      {"logstash-2024.03.15-000001":{"settings":{"index.lifecycle.name":"logstash-policy","index.lifecycle.rollover_alias":"logstash","index.provided_name":"<logstash-{now/d}-000001>"}}}
      """
    When the clock advances by 1d
    And I send GET "/_alias/logstash"
    Then the response is:
      """json
      {"logstash-2024.03.15-000001":{"aliases":{"logstash":{"is_write_index":false}}},"logstash-2024.03.16-000002":{"aliases":{"logstash":{"is_write_index":true}}}}
      """
    And "logstash-2024.03.16-000002" is in the "hot" phase

  Scenario: Tool bootstrap: date math with a format and a time zone
    When I send PUT "/%3Cmetrics-%7Bnow%2FM%7Byyyy.MM%7D%7D%3E"
    Then the response has:
      | index | metrics-2024.03 |
    When I send PUT "/%3Cnz-%7Bnow%2Fd%7Byyyy.MM.dd%7C%2B12%3A00%7D%7D%3E"
    Then the response has:
      | index | nz-2024.03.16 |
    When I send PUT "/%3Cbad-%7Bnow%2Fd%3E"
    Then the request fails with status 400, error "parse_exception" and reason:
      """
      invalid dynamic name expression [bad-{now/d]. date math placeholder is open ended
      """

  Scenario: Tool bootstrap: legacy templates merge by order, and a composable template wins over them
    Given I send PUT "/_template/low" with:
      """json
      { "index_patterns": ["app-*"], "order": 0, "settings": { "number_of_shards": 3, "number_of_replicas": 0 }, "aliases": { "apps": {} } }
      """
    And I send PUT "/_template/high?order=5" with:
      """json
      { "index_patterns": ["app-*"], "settings": { "index": { "number_of_shards": 1 } } }
      """
    When I send PUT "/app-1"
    And I send GET "/app-1/_alias"
    Then the response is:
      """json
      {"app-1":{"aliases":{"apps":{}}}}
      """
    And I send GET "/app-1/_settings/index.number_of_*?flat_settings"
    Then the response is:
      """json
      {"app-1":{"settings":{"index.number_of_replicas":"0","index.number_of_shards":"1"}}}
      """
    Given an index template "app":
      """json
      { "index_patterns": ["app-*"], "template": { "settings": { "index.number_of_shards": 2 } } }
      """
    When I send PUT "/app-2"
    And I send GET "/app-2/_alias"
    Then the response is:
      """json
      {"app-2":{"aliases":{}}}
      """
    And I send GET "/app-2/_settings/index.number_of_*?flat_settings"
    Then the response is:
      """json
      {"app-2":{"settings":{"index.number_of_replicas":"1","index.number_of_shards":"2"}}}
      """
    When I send GET "/_template/high"
    Then the response is:
      """json
      {"high":{"order":5,"index_patterns":["app-*"],"settings":{"index":{"number_of_shards":"1"}},"mappings":{},"aliases":{}}}
      """
    When I send DELETE "/_template/nothing-here"
    Then the request fails with status 404, error "index_template_missing_exception" and reason:
      """
      index_template [nothing-here] missing
      """

  # 6.6's path trie has no `_component_template`, so a one-segment GET is `GET /{index}` of an index of
  # that name, as on any release before 7.8; the two-segment PUT has no route at all.
  @profile:6.6
  Scenario: Tool bootstrap: 6.6 has no component templates
    When I send GET "/_component_template"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [_component_template]"
    When I send PUT "/_component_template/ilm" with:
      """json
      { "template": { "settings": { "index.lifecycle.name": "logs" } } }
      """
    Then the response is:
      """json
      {"error":"no handler found for uri [/_component_template/ilm] and method [PUT]"}
      """
