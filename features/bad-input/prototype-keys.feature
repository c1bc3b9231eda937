@issue-14
Feature: Bad input: __proto__ and constructor are ordinary names

  To Elasticsearch `__proto__` is a key like any other: a body that hides a field inside it is refused
  as for any unknown name, and a setting or attribute of that name is stored and printed as written.

  Background:
    Given an index "existing-index" without a policy
    And I remember the cluster state

  Scenario: Bad input: a clock field inside __proto__ does not move the clock
    When I send POST "/_sim/clock/_advance" with:
      """
      {"__proto__": {"by": "5d"}}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "unknown field [__proto__], expected only [by]"
    And the cluster state is unchanged

  Scenario Outline: Bad input: <what> named <name> is refused as any unknown name
    When I send PUT "/new-index" with:
      """
      <body>
      """
    Then the request fails with status 400, error "<type>" and reason "<reason>"
    And the cluster state is unchanged

    Examples:
      | what             | name        | body                                         | type                     | reason                                                                                                                                                     |
      | a top-level key  | __proto__   | {"__proto__": {}}                            | parse_exception          | unknown key [__proto__] for create index                                                                                                                   |
      | a top-level key  | constructor | {"constructor": {}}                          | parse_exception          | unknown key [constructor] for create index                                                                                                                 |
      | a settings group | __proto__   | {"settings": {"__proto__": {"index.number_of_shards": 3}}} | illegal_argument_exception | unknown setting [index.__proto__.index.number_of_shards] please check that any required plugins are installed, or check the breaking changes documentation for removed settings |

  Scenario: An allocation attribute named __proto__ is kept as written
    When I send PUT "/_ilm/policy/odd-names" with:
      """
      {"policy": {"phases": {"warm": {"actions": {"allocate": {"include": {"__proto__": "a", "constructor": "b"}}}}}}}
      """
    And I send GET "/_ilm/policy/odd-names?filter_path=**.include"
    Then the response is:
      """
      {"odd-names": {"policy": {"phases": {"warm": {"actions": {"allocate": {"include": {"__proto__": "a", "constructor": "b"}}}}}}}}
      """
