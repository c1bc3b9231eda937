Feature: Actions: rollover refuses an alias that a legacy template would add again
  ES `MetadataRolloverService#checkNoDuplicatedAliasInIndexTemplate` checks the legacy (v1) templates
  too when no composable template matches the new index: elastic/elasticsearch#26976 was a 6.x user's
  legacy template listing the rollover alias beside a search alias. Every release answers 400 with the
  template's whole alias list; ILM's `attempt-rollover` fails with the same message.

  Scenario Outline: elastic/elasticsearch#26976: a legacy template holding the rollover alias fails the rollover (<profile>)
    Given the simulator mirrors Elasticsearch "<profile>"
    And I send PUT "/_template/fusion-logs" with:
      """json
      { "index_patterns": ["fusion-logs-*"], "aliases": { "active-fusion-logs": {}, "search-fusion-logs": {} } }
      """
    And I send PUT "/fusion-logs-000001"
    When I send POST "/active-fusion-logs/_rollover"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Rollover alias [active-fusion-logs] can point to multiple indices, found duplicated alias [[search-fusion-logs, active-fusion-logs]] in index template [fusion-logs]"
    And the index "fusion-logs-000002" does not exist

    Examples:
      | profile |
      | 6.6     |
      | 7.10    |
      | 7.17    |
      | 8.19    |
      | 9.1     |

  Scenario: A legacy template without the rollover alias rolls over as before (7.10)
    Given the simulator mirrors Elasticsearch "7.10"
    And I send PUT "/_template/fusion-logs" with:
      """json
      { "index_patterns": ["fusion-logs-*"], "aliases": { "search-fusion-logs": {} } }
      """
    And I send PUT "/fusion-logs-000001" with:
      """json
      { "aliases": { "active-fusion-logs": { "is_write_index": true } } }
      """
    When I send POST "/active-fusion-logs/_rollover"
    Then the response status is 200
