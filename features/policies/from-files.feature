Feature: Policies and templates from your own files
  A project keeps its lifecycle policies and index templates as JSON files. A scenario loads them by
  path, relative to the directory Cucumber runs in, so the spec tests the very files that are deployed.
  A file may hold the body of the `PUT` request, or what `GET _ilm/policy/<name>` or
  `GET _index_template/<name>` answered (an export): the entry of that name (or the only entry) is
  taken, and an export's read-only fields (`version`, `modified_date`, `in_use_by`) are not sent.
  The step fails when the file is missing, is not JSON, or Elasticsearch refuses what it holds.
  Component templates load the same way (from 7.8; the 6.6 profile has none, as ES 6.6 had none).

  Scenario: From files: a policy written as its PUT body
    The cluster's built-in `logs` policy (7.9+) was version 1, so the file's `logs` is version 2.
    Given the lifecycle policy "logs" from the file "features/fixtures/policies/logs.json"
    When I get the lifecycle policy "logs"
    Then the response contains:
      """json
      {
        "logs": {
          "version": 2,
          "policy": {
            "phases": {
              "hot": { "min_age": "0ms", "actions": { "rollover": { "max_age": "1d" } } },
              "warm": { "min_age": "7d", "actions": { "forcemerge": { "max_num_segments": 1 } } },
              "delete": { "min_age": "30d", "actions": { "delete": {} } }
            }
          }
        }
      }
      """

  Scenario: From files: a policy exported with GET _ilm/policy, picked by name
    The export holds two policies; the step takes the one it names. Its `version` 3, `modified_date`
    and `in_use_by` stay behind: the simulator stores version 1, as Elasticsearch would.
    Given the lifecycle policy "shrink-index" from the file "features/fixtures/policies/exported.json"
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances until "my-index-000001" is at step warm/shrink/ERROR
    Then the explain record of "my-index-000001" has:
      | failed_step             | shrink                                                                            |
      | step_info.reason        | the number of target shards [4] must be less that the number of source shards [2] |
      | phase_execution.version | 1                                                                                 |

  Scenario: From files: an index template and the policy it names
    Given the lifecycle policy "logs" from the file "features/fixtures/policies/logs.json"
    And the index template "logs" from the file "features/fixtures/templates/logs.json"
    And an index "logs-000001" is the write index of the alias "logs"
    When the clock advances until "logs-000001" is in the "warm" phase
    Then the explain record of "logs-000001" has:
      | policy | logs |
      | age    | 7d   |
    And "logs-000002" is in the "hot" phase

  Scenario: From files: an index template exported with GET _index_template
    Given the lifecycle policy "delete-after-30d" from the file "features/fixtures/policies/exported.json"
    And the index template "metrics" from the file "features/fixtures/templates/exported.json"
    When I send GET "/_index_template/metrics"
    Then the response contains:
      """json
      { "index_templates": [ { "name": "metrics", "index_template": { "index_patterns": ["metrics-*"], "priority": 50, "version": 2 } } ] }
      """
    Given an index "metrics-2024.01.01" without a policy
    When the clock advances until "metrics-2024.01.01" does not exist
    Then the index "metrics-2024.01.01" does not exist

  @profile:8.19
  Scenario: From files: a policy that needs a newer Elasticsearch (8.19 accepts max_primary_shard_size)
    Under the default profile 7.10 this file is refused with 7.10's own parse error, and the step's
    failure adds "profile 7.10 refuses this policy; the profiles that accept it: 7.17, 8.19, 9.1".
    Given the lifecycle policy "big-shards" from the file "features/fixtures/policies/rollover-by-primary-size.json"
    And an index template "big":
      """json
      { "index_patterns": ["big-*"], "template": { "settings": { "index.lifecycle.name": "big-shards", "index.lifecycle.rollover_alias": "big" } } }
      """
    And an index "big-000001" is the write index of the alias "big"
    And 10 documents of 1kb are indexed into "big"
    When the clock advances until "big-000002" is at step hot/rollover/check-rollover-ready
    Then "big-000001" is in the "hot" phase
    And the explain record of "big-000001" has:
      | step                      | complete |
      | time_since_index_creation | 30d      |

  Scenario: From files: a component template exported with GET _component_template, composed into an index template
    Given the lifecycle policy "logs" from the file "features/fixtures/policies/logs.json"
    And the component template "ilm-settings" from the file "features/fixtures/templates/ilm-component.json"
    And the index template "logs" from the file "features/fixtures/templates/composed.json"
    And an index "logs-000001" is the write index of the alias "logs"
    When I send GET "/_component_template/ilm-settings"
    Then the response is:
      """json
      {"component_templates":[{"name":"ilm-settings","component_template":{"template":{"settings":{"index":{"lifecycle":{"name":"logs","rollover_alias":"logs"}}}},"version":2,"_meta":{"owner":"platform"}}}]}
      """
    When the clock advances until "logs-000001" is in the "warm" phase
    Then the explain record of "logs-000001" has:
      | policy | logs |
      | age    | 7d   |
