@issue-14
Feature: Bad input: hostile filter_path and wildcard patterns answer at once

  A `filter_path` with forty `**.` or a wildcard segment of many stars once ran the server out of heap
  or blocked it for a minute. The answer is the one the shortest equivalent pattern gives.

  Background:
    Given a lifecycle policy "p":
      """
      {"policy": {"phases": {"delete": {"min_age": "1d", "actions": {"delete": {}}}}}}
      """
    And an index "logs-1" managed by "p"

  Scenario: Bad input: forty repeats of ** filter like one
    When I send GET "/_ilm/policy/p?filter_path=**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.**.min_age"
    Then the response is:
      """
      {"p": {"policy": {"phases": {"delete": {"min_age": "1d"}}}}}
      """

  Scenario: Bad input: a wildcard segment of many stars matches without backtracking
    When I send GET "/logs-1/_ilm/explain?filter_path=*.*.***************************************************z"
    Then the response is:
      """
      {}
      """

  Scenario: Bad input: an index pattern of many stars resolves without backtracking
    When I send GET "/******************************x******************************z/_ilm/explain"
    Then the response is:
      """
      {"indices": {}}
      """
