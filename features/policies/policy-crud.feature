Feature: Policies: create, read, update and delete lifecycle policies
  `PUT /_ilm/policy/<name>` stores a policy (version 1, then +1 on every update), `GET` returns it
  with `version` and `modified_date` (Java's instant format) in ES's field and key order, and
  `DELETE` removes it unless an index uses it.

  Scenario: Policies: create and read back (phases and actions in ES's map order)
    Given a lifecycle policy "hot-warm-delete":
      """json
      {
        "policy": {
          "phases": {
            "delete": { "min_age": "90d", "actions": { "delete": {} } },
            "warm": { "min_age": "7d", "actions": { "shrink": { "number_of_shards": 1 }, "forcemerge": { "max_num_segments": 1 }, "readonly": {} } },
            "hot": { "actions": { "set_priority": { "priority": 100 } } }
          }
        }
      }
      """
    When I get the lifecycle policy "hot-warm-delete"
    Then the response is:
      """json
      {
        "hot-warm-delete": {
          "version": 1,
          "modified_date": "2024-01-01T00:00Z",
          "policy": {
            "phases": {
              "warm": {
                "min_age": "7d",
                "actions": {
                  "readonly": {},
                  "shrink": { "number_of_shards": 1 },
                  "forcemerge": { "max_num_segments": 1 }
                }
              },
              "hot": { "min_age": "0ms", "actions": { "set_priority": { "priority": 100 } } },
              "delete": { "min_age": "90d", "actions": { "delete": { "delete_searchable_snapshot": true } } }
            }
          }
        }
      }
      """

  Scenario: Policies: an update bumps the version and the modified date
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And the clock advances by 90s
    When the lifecycle policy "p" is updated to:
      """json
      { "policy": { "phases": { "delete": { "min_age": "60d", "actions": { "delete": {} } } } } }
      """
    And I get the lifecycle policy "p"
    Then the response has:
      | p.version                      | 2                      |
      | p.modified_date                | 2024-01-01T00:01:30Z   |
      | p.policy.phases.delete.min_age | 60d                    |

  Scenario: Policies: re-sending an identical policy still counts as an update in 7.10
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    When the lifecycle policy "p" is updated to:
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    And I get the lifecycle policy "p"
    Then the response has:
      | p.version | 2 |

  Scenario: Policies: all policies, sorted by name, and a comma list in request order
    Given a lifecycle policy "zeta":
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    And a lifecycle policy "alpha":
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    When I get all lifecycle policies
    Then the response has the keys "alpha, logs, metrics, synthetics, zeta"
    When I get the lifecycle policy "zeta,alpha"
    Then the response has the keys "zeta, alpha"
    When I get the lifecycle policy "a*"
    Then the response has the keys "alpha"

  Scenario: Policies: an empty cluster has no policies
    Given the built-in stack templates are turned off
    When I get all lifecycle policies
    Then the response is:
      """json
      {}
      """

  # From 7.x a fresh cluster already holds ILM metadata (built-in policies, see
  # features/explain/missing-policy.feature), so only 6.6 answers in this form.
  @profile:6.6
  Scenario: Policies: a missing policy, before any policy ever existed (6.6)
    When I get the lifecycle policy "nope"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "Lifecycle policy not found: [nope]"

  Scenario: Policies: a missing policy once ILM has policies
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    When I get the lifecycle policy "p,nope"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "Lifecycle policy not found: nope"
    When I get the lifecycle policy "p*,nope"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "wildcard only supports a single value, please use comma-separated values or a single wildcard value"

  Scenario: Policies: delete
    Given the built-in stack templates are turned off
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    When I delete the lifecycle policy "p"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I get all lifecycle policies
    Then the response is:
      """json
      {}
      """
    When I delete the lifecycle policy "p"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "Lifecycle policy not found: p"

  Scenario: Policies: a policy in use cannot be deleted
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And an index "index-a" managed by "p"
    And an index "index-b" managed by "p"
    And I remember the cluster state
    When I delete the lifecycle policy "p"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Cannot delete policy [p]. It is in use by one or more indices: [index-a, index-b]"
    And the cluster state is unchanged

  @profile:6.6
  Scenario: Policies: 6.6 prints actions without the settings later releases added
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    When I get the lifecycle policy "p"
    Then the response has:
      | p.policy.phases.delete.actions.delete | {} |
