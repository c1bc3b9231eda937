Feature: New indices get a data tier preference (7.10+)
  From 7.10 Elasticsearch gives a new index `index.routing.allocation.include._tier_preference`:
  `data_content` for an index, `data_hot` for a data stream's backing index. In 7.x a preference of
  the templates' or request's own wins (even `null`, which leaves none), and any other
  `require`/`include`/`exclude` routing rule means no preference is added. From 8.0 the default is
  enforced: whatever else is set, an index whose preference names no tier gets it. 6.6 has no tiers.
  (A settings filter that matches nothing of an index leaves the index out of the answer.)

  Scenario: Tier preference: a plain index is on the content tier
    Given an index "plain" without a policy
    When I send GET "/plain/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"plain":{"settings":{"index.routing.allocation.include._tier_preference":"data_content"}}}
      """

  @profile:8.19
  Scenario: Tier preference: a data stream's backing index is on the hot tier
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 100 }
      """
    When I send PUT "/_data_stream/logs-app"
    And I send GET "/.ds-logs-app-*/_settings/index.routing.*?flat_settings=true&filter_path=*.settings.*_tier_preference"
    Then the response is:
      """json
      {".ds-logs-app-2024.01.01-000001":{"settings":{"index.routing.allocation.include._tier_preference":"data_hot"}}}
      """

  Scenario: Tier preference: routing rules of the index's own mean no preference is added
    Given an index "boxed" with settings:
      | index.routing.allocation.require.box_type | hot |
    When I send GET "/boxed/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"boxed":{"settings":{"index.routing.allocation.require.box_type":"hot"}}}
      """

  Scenario: Tier preference: a preference from a template wins, and null leaves none
    When I send PUT "/_template/warm" with:
      """json
      { "index_patterns": ["warm-*"], "settings": { "index.routing.allocation.include._tier_preference": "data_warm,data_hot" } }
      """
    And I send PUT "/warm-1"
    When I send PUT "/none" with:
      """json
      { "settings": { "index.routing.allocation.include._tier_preference": null } }
      """
    And I send GET "/warm-1,none/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"warm-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_warm,data_hot"}}}
      """

  @profile:8.19
  Scenario: Tier preference: 8.x enforces it beside routing rules and over null
    Given an index "boxed" with settings:
      | index.routing.allocation.require.box_type | hot |
    When I send PUT "/none" with:
      """json
      { "settings": { "index.routing.allocation.include._tier_preference": null } }
      """
    And I send GET "/boxed,none/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"boxed":{"settings":{"index.routing.allocation.include._tier_preference":"data_content","index.routing.allocation.require.box_type":"hot"}},
       "none":{"settings":{"index.routing.allocation.include._tier_preference":"data_content"}}}
      """

  @profile:6.6
  Scenario: Tier preference: 6.6 has no data tiers
    Given an index "plain" without a policy
    When I send GET "/plain/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {}
      """
