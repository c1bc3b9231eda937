Feature: Tool bootstrap: the alias APIs
  Clients read aliases with `GET /_alias/<name>` (an explicitly named alias found nowhere is a 404
  that still lists what was found), change them one at a time or in one atomic `POST /_aliases`, and
  an alias keeps at most one write index. From 8.14 the answers carry `errors`, and a remove that
  finds nothing is reported per action instead of failing the request.

  Background:
    Given an index "logs-000001" is the write index of the alias "logs"
    And an index "logs-000002" without a policy

  Scenario: Tool bootstrap: reading aliases, with a missing name
    When I send GET "/_alias/logs,nope"
    Then the response status is 404
    And the response is:
      """json
      {"error":"alias [nope] missing","status":404,"logs-000001":{"aliases":{"logs":{"is_write_index":true}}}}
      """
    When I send GET "/logs-*/_alias"
    Then the response is:
      """json
      {"logs-000001":{"aliases":{"logs":{"is_write_index":true}}},"logs-000002":{"aliases":{}}}
      """

  Scenario: Tool bootstrap: moving the write index in one atomic request (7.10)
    When I send POST "/_aliases" with:
      """json
      { "actions": [
        { "add": { "index": "logs-000001", "alias": "logs", "is_write_index": false } },
        { "add": { "index": "logs-000002", "alias": "logs", "is_write_index": true, "routing": "1" } } ] }
      """
    Then the response is:
      """json
      {"acknowledged":true}
      """
    When I send GET "/_alias/logs"
    Then the response is:
      """json
      {"logs-000001":{"aliases":{"logs":{"is_write_index":false}}},"logs-000002":{"aliases":{"logs":{"index_routing":"1","search_routing":"1","is_write_index":true}}}}
      """

  Scenario: Tool bootstrap: a second write index is refused and nothing changes
    Given I remember the cluster state
    When I send PUT "/logs-000002/_alias/logs" with:
      """json
      { "is_write_index": true }
      """
    Then the request fails with status 500, error "illegal_state_exception" and reason:
      """
      alias [logs] has more than one write index [logs-000001,logs-000002]
      """
    And the cluster state is unchanged

  Scenario: Tool bootstrap: removing an alias that is not there (7.10)
    When I send DELETE "/logs-000002/_alias/logs"
    Then the request fails with status 404, error "aliases_not_found_exception" and reason:
      """
      aliases [logs] missing
      """

  @profile:8.19
  Scenario: Tool bootstrap: 8.x reports a remove that found nothing per action
    When I send POST "/_aliases" with:
      """json
      { "actions": [ { "add": { "index": "logs-000002", "alias": "old" } }, { "remove": { "index": "logs-000002", "alias": "gone" } } ] }
      """
    Then the response is:
      """json
      {"acknowledged":true,"errors":true,"action_results":[{"action":{"type":"add","indices":["logs-000002"],"aliases":["old"]},"status":200},{"action":{"type":"remove","indices":["logs-000002"],"aliases":["gone"]},"status":404,"error":{"type":"aliases_not_found_exception","reason":"aliases [gone] missing","resource.type":"aliases","resource.id":"gone"}}]}
      """
    When I send PUT "/logs-000002/_alias/new"
    Then the response is:
      """json
      {"acknowledged":true,"errors":false}
      """
