@issue-14
Feature: Bad input: the aliases of a new index are validated as Elasticsearch does

  A second write index for an alias once made rollover and ingest disagree on where documents go;
  names ES refuses were accepted.

  Background:
    Given an index "logs-000001" created with:
      """
      {"aliases": {"logs": {"is_write_index": true}}}
      """
    And I remember the cluster state

  Scenario: Bad input: a second write index for an alias
    When I send PUT "/logs-000002" with:
      """
      {"aliases": {"logs": {"is_write_index": true}}}
      """
    Then the request fails with status 500, error "illegal_state_exception" and reason "alias [logs] has more than one write index [logs-000001,logs-000002]"
    And the cluster state is unchanged

  Scenario: A second index of the alias that is not its write index is fine
    When I send PUT "/logs-000002" with:
      """
      {"aliases": {"logs": {"is_write_index": false}}}
      """
    Then the response status is 200

  Scenario Outline: Bad input: an alias named <name>
    When I send PUT "/new-index" with:
      """
      {"aliases": {"<name>": {}}}
      """
    Then the request fails with status 400, error "<type>" and reason "<reason>"
    And the cluster state is unchanged

    Examples:
      | name        | type                        | reason                                                                                      |
      |             | illegal_argument_exception  | alias name is required                                                                      |
      | _all        | invalid_alias_name_exception | Invalid alias name [_all]: must not start with '_', '-', or '+'                            |
      | x:y         | invalid_alias_name_exception | Invalid alias name [x:y]: must not contain ':'                                             |
      | logs-000001 | invalid_alias_name_exception | Invalid alias name [logs-000001], an index or data stream exists with the same name as the alias |
