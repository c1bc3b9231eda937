@profile:7.17
Feature: Profiles: 7.17, the last 7.x
  What 7.17 answers where it differs from 7.10 and from 8.19, each from ES's sources (see the
  comments of `PROFILE_7_17` in src/engine/profile.ts).

  Scenario: Profiles (7.17): GET / reports a 7.17 node
    When I send GET "/"
    Then the response has:
      | version.number                              | "7.17.6"      |
      | version.lucene_version                      | "8.11.1"      |
      | version.minimum_wire_compatibility_version  | "6.8.0"       |
      | version.minimum_index_compatibility_version | "6.0.0-beta1" |

  Scenario: Profiles (7.17): the phase-timing check answers as a validation exception (PutLifecycleAction.Request#validate)
    When I send PUT "/_ilm/policy/backwards" with:
      """json
      { "policy": { "phases": { "warm": { "min_age": "10d", "actions": {} }, "cold": { "min_age": "5d", "actions": {} } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: Your policy is configured to run the cold phase (min_age: 5d) before the warm phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.;"

  Scenario: Profiles (7.17): a lifecycle-type complaint escapes policy.validate() as a bare illegal_argument_exception
    When I send PUT "/_ilm/policy/hot-shrink" with:
      """json
      { "policy": { "phases": { "hot": { "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "the [shrink] action(s) may not be used in the [hot] phase without an accompanying [rollover] action"

  Scenario: Profiles (7.17): the frozen phase takes only unfollow and searchable_snapshot
    When I send PUT "/_ilm/policy/frozen-freeze" with:
      """json
      { "policy": { "phases": { "frozen": { "actions": { "freeze": {} } } } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "invalid action [freeze] defined in phase [frozen]"

  Scenario: Profiles (7.17): GET _ilm/policy reports in_use_by (7.14, PR #74518)
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "p"
    When I get the lifecycle policy "p"
    Then the response has:
      | p.version   | 1 |
      | p.in_use_by | {"indices":["logs"],"data_streams":[],"composable_templates":[]} |

  Scenario: Profiles (7.17): an identical re-PUT still bumps the version (fixed in 8.0, elastic/elasticsearch#82065)
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    When I get the lifecycle policy "p"
    Then the response has:
      | p.version | 2 |
