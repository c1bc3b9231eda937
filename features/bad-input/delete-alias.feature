@issue-14
Feature: Bad input: deleting an alias as if it were an index is refused

  Since 6.0 (elastic/elasticsearch#25268) `DELETE /<alias>` no longer deletes the alias's indices:
  every release the simulator mirrors refuses it, and a wildcard reaches indices by their own names only.

  Scenario Outline: Bad input: DELETE /<alias> in <profile>
    Given the simulator mirrors Elasticsearch "<profile>"
    And an index "app-1" created with:
      """
      {"aliases": {"app": {}}}
      """
    When I send DELETE "/app"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "The provided expression [app] matches an alias, specify the corresponding concrete indices instead."

    Examples:
      | profile |
      | 6.6     |
      | 7.10    |
      | 8.19    |
      | 9.1     |

  Scenario: Bad input: DELETE /<alias> leaves its indices
    Given an index "logs-000001" created with:
      """
      {"aliases": {"logs": {"is_write_index": true}}}
      """
    And I remember the cluster state
    When I send DELETE "/logs"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "The provided expression [logs] matches an alias, specify the corresponding concrete indices instead."
    And the cluster state is unchanged

  Scenario: A wildcard deletes the indices it names, not those of an alias it matches
    Given an index "logs-000001" created with:
      """
      {"aliases": {"logs": {"is_write_index": true}}}
      """
    And an index "other" created with:
      """
      {"aliases": {"logs-alias": {}}}
      """
    When I send DELETE "/logs*"
    Then the response status is 200
    And the index "logs-000001" does not exist
    When I send HEAD "/other"
    Then the response status is 200
