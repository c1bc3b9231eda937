Feature: Actions: rollover refuses an alias that the new index's template would add again
  ES `MetadataRolloverService#checkNoDuplicatedAliasInIndexTemplate` (PR #28110, closing #26976) fails a
  rollover whose new index matches a template that holds the rollover alias: the alias would point to
  two write targets. The message lists every alias of that template, as Java prints the template's
  alias map: a composable template's aliases are a `HashMap` (ES `Template`), so Java HashMap order.

  Background:
    Given a lifecycle policy "fusion-logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And an index template "fusion-logs":
      """json
      {
        "index_patterns": ["fusion-logs-*"],
        "template": {
          "settings": { "index.lifecycle.name": "fusion-logs", "index.lifecycle.rollover_alias": "active-fusion-logs" },
          "aliases": { "active-fusion-logs": {}, "search-fusion-logs": {} }
        }
      }
      """
    And an index "fusion-logs-000001" is the write index of the alias "active-fusion-logs"

  Scenario: elastic/elasticsearch#26976: the rollover API names every alias of the template
    When I send POST "/active-fusion-logs/_rollover"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Rollover alias [active-fusion-logs] can point to multiple indices, found duplicated alias [[search-fusion-logs, active-fusion-logs]] in index template [fusion-logs]"

  Scenario: elastic/elasticsearch#26976: ILM's attempt-rollover fails with the same message
    When the clock advances by 1d
    Then the explain record of "fusion-logs-000001" contains:
      """json
      {
        "step": "ERROR",
        "failed_step": "attempt-rollover",
        "step_info": {
          "type": "illegal_argument_exception",
          "reason": "Rollover alias [active-fusion-logs] can point to multiple indices, found duplicated alias [[search-fusion-logs, active-fusion-logs]] in index template [fusion-logs]"
        }
      }
      """
