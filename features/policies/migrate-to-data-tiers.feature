Feature: Migrating node-attribute routing to data tiers (7.14+)
  `POST /_ilm/migrate_to_data_tiers` needs ILM stopped. It removes a legacy template if asked, strips
  the `data` attribute rules from the policies' `allocate` actions (an allocate left with nothing to do
  goes, so `migrate` is injected) and turns an index's `require.data: hot|warm|cold|frozen` into a tier
  preference (keeping the one it has unless the attribute names a colder tier). An index left with no
  tier gets its default one, and legacy, composable and component templates lose the attribute's
  rules. `dry_run` reports the same and changes nothing. The answer leaves out every empty list.
  (The policy named `logs` replaces 8.x's built-in one, so it is at version 2 before the migration
  and 3 after.)

  @profile:8.19
  Scenario: Migrate to data tiers: policies and indices move to tier routing
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0, "require": { "data": "warm" } } } },
        "cold": { "min_age": "2d", "actions": { "allocate": { "require": { "data": "cold" } } } } } } }
      """
    And an index "logs-1" with settings:
      | index.lifecycle.name                    | logs |
      | index.routing.allocation.require.data   | hot  |
    When I send POST "/_ilm/migrate_to_data_tiers"
    Then the request fails with status 500, error "illegal_state_exception" and reason:
      """
      stop ILM before migrating to data tiers, current state is [RUNNING]
      """
    When I send POST "/_ilm/migrate_to_data_tiers?dry_run"
    Then the response is:
      """json
      {"dry_run":true,"migrated_ilm_policies":["logs"],"migrated_indices":["logs-1"]}
      """
    When I send POST "/_ilm/stop"
    And I send POST "/_ilm/migrate_to_data_tiers"
    Then the response has:
      | dry_run             | false      |
      | migrated_indices    | ["logs-1"] |
    When I send GET "/logs-1/_settings/index.routing.*?flat_settings"
    Then the response is:
      """json
      {"logs-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_content"}}}
      """
    When I send GET "/_ilm/policy/logs?filter_path=logs.version,logs.policy.phases.cold"
    Then the response is:
      """json
      {"logs":{"version":3,"policy":{"phases":{"cold":{"min_age":"2d","actions":{}}}}}}
      """

  @profile:7.17
  Scenario: Migrate to data tiers: 7.17 converts attribute rules, fills in missing tiers and strips templates
    Given an index "warm-1" with settings:
      | index.routing.allocation.require.data | warm  |
      | index.routing.allocation.exclude.data | rack2 |
    And an index "odd-1" with settings:
      | index.routing.allocation.require.data | fast |
    And an index "plain-1" without a policy
    When I send PUT "/_template/legacy-boxes" with:
      """json
      { "index_patterns": ["boxes-*"], "settings": { "index.routing.allocation.require.data": "hot", "index.number_of_shards": 2 } }
      """
    And I send PUT "/_template/old-global" with:
      """json
      { "index_patterns": ["*"], "settings": { "index.routing.allocation.include.data": "hot" } }
      """
    And I send PUT "/_component_template/routing" with:
      """json
      { "template": { "settings": { "index.routing.allocation.include.data": "warm", "index.routing.allocation.exclude.data": "x" } } }
      """
    And I send PUT "/_index_template/boxes" with:
      """json
      { "index_patterns": ["other-*"], "composed_of": ["routing"], "template": { "settings": { "index.routing.allocation.require.data": "hot", "index.refresh_interval": "5s" } } }
      """
    And I send POST "/_ilm/stop"
    And I send POST "/_ilm/migrate_to_data_tiers" with:
      """json
      { "legacy_template_to_delete": "old-global" }
      """
    Then the response is:
      """json
      {"dry_run":false,"removed_legacy_template":"old-global","migrated_indices":["odd-1","warm-1"],
       "migrated_legacy_templates":["legacy-boxes"],"migrated_composable_templates":["boxes"],"migrated_component_templates":["routing"]}
      """
    When I send GET "/odd-1,plain-1,warm-1/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"odd-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_content","index.routing.allocation.require.data":"fast"}},
       "plain-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_content"}},
       "warm-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_warm,data_hot"}}}
      """
    When I send GET "/_index_template/boxes?filter_path=index_templates.index_template.template"
    Then the response is:
      """json
      {"index_templates":[{"index_template":{"template":{"settings":{"index":{"refresh_interval":"5s"}}}}}]}
      """
    When I send GET "/_component_template/routing?filter_path=component_templates.component_template.template&flat_settings=true"
    Then the response is:
      """json
      {"component_templates":[{"component_template":{"template":{"settings":{}}}}]}
      """
    When I send GET "/_template/legacy-boxes?filter_path=*.settings&flat_settings=true"
    Then the response is:
      """json
      {"legacy-boxes":{"settings":{"index.number_of_shards":"2"}}}
      """

  @profile:8.19
  Scenario: Migrate to data tiers: a colder attribute replaces the preference; a disabled migrate goes
    Given a lifecycle policy "pinned":
      """json
      { "policy": { "phases": { "cold": { "min_age": "2d", "actions": { "migrate": { "enabled": false }, "allocate": { "require": { "data": "cold" } } } } } } }
      """
    And an index "cold-1" with settings:
      | index.routing.allocation.include.data | cold |
    And an index "hot-1" with settings:
      | index.routing.allocation.require.data | hot |
    When I send POST "/_ilm/migrate_to_data_tiers?dry_run=false"
    Then the response is:
      """json
      {"error":{"root_cause":[{"type":"illegal_state_exception","reason":"stop ILM before migrating to data tiers, current state is [RUNNING]"}],"type":"illegal_state_exception","reason":"stop ILM before migrating to data tiers, current state is [RUNNING]"},"status":500}
      """
    When I send POST "/_ilm/stop"
    And I send POST "/_ilm/migrate_to_data_tiers"
    Then the response is:
      """json
      {"dry_run":false,"migrated_ilm_policies":["pinned"],"migrated_indices":["cold-1","hot-1"]}
      """
    When I send GET "/cold-1,hot-1/_settings/index.routing.*?flat_settings=true"
    Then the response is:
      """json
      {"cold-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_cold,data_warm,data_hot"}},
       "hot-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_content"}}}
      """
    When I send GET "/_ilm/policy/pinned?filter_path=pinned.policy.phases.cold.actions"
    Then the response is:
      """json
      {"pinned":{"policy":{"phases":{"cold":{"actions":{}}}}}}
      """
    When I send POST "/_ilm/migrate_to_data_tiers"
    Then the response is:
      """json
      {"dry_run":false}
      """

  Scenario: Migrate to data tiers: 7.10 has no such API
    When I send POST "/_ilm/migrate_to_data_tiers"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_ilm/migrate_to_data_tiers] and method [POST]"}
      """
