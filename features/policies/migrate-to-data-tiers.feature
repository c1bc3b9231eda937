Feature: Migrating node-attribute routing to data tiers (8.x)
  `POST /_ilm/migrate_to_data_tiers` needs ILM stopped. It removes a legacy template if asked, strips
  the `data` attribute rules from the policies' `allocate` actions (an allocate left with nothing to do
  goes, so `migrate` is injected) and turns an index's `require.data: hot|warm|cold|frozen` into a tier
  preference. `dry_run` reports the same and changes nothing. (The policy named `logs` replaces 8.x's
  built-in one, so it is at version 2 before the migration and 3 after.)

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
      {"dry_run":true,"migrated_ilm_policies":["logs"],"migrated_indices":["logs-1"],"migrated_legacy_templates":[],"migrated_composable_templates":[],"migrated_component_templates":[]}
      """
    When I send POST "/_ilm/stop"
    And I send POST "/_ilm/migrate_to_data_tiers"
    Then the response has:
      | dry_run             | false      |
      | migrated_indices    | ["logs-1"] |
    When I send GET "/logs-1/_settings/index.routing.*?flat_settings"
    Then the response is:
      """json
      {"logs-1":{"settings":{"index.routing.allocation.include._tier_preference":"data_hot"}}}
      """
    When I send GET "/_ilm/policy/logs?filter_path=logs.version,logs.policy.phases.cold"
    Then the response is:
      """json
      {"logs":{"version":3,"policy":{"phases":{"cold":{"min_age":"2d","actions":{}}}}}}
      """

  Scenario: Migrate to data tiers: 7.10 has no such API
    When I send POST "/_ilm/migrate_to_data_tiers"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_ilm/migrate_to_data_tiers] and method [POST]"}
      """
