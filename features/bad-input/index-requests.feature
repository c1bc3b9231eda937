Feature: Bad input: index requests are refused with ES's errors and change nothing

  Background:
    Given an index "existing-index" without a policy
    And I remember the cluster state

  Scenario Outline: Bad input: invalid index names (<name>)
    When I send PUT "/<name>" with:
      """
      {}
      """
    Then the request fails with status 400, error "invalid_index_name_exception" and reason "<reason>"
    And the cluster state is unchanged

    Examples:
      | name      | reason                                                                                        |
      | My-Index  | Invalid index name [My-Index], must be lowercase                                              |
      | _hidden   | Invalid index name [_hidden], must not start with '_', '-', or '+'                            |
      | a%23b     | Invalid index name [a#b], must not contain '#'                                                |
      | a%3Ab     | Invalid index name [a:b], must not contain ':'                                                |

  Scenario: Bad input: an index name with a character ES forbids
    When I send PUT "/a%2Ab" with:
      """
      {}
      """
    Then the request fails with status 400, error "invalid_index_name_exception" and reason:
      """
      Invalid index name [a*b], must not contain the following characters [ , ", *, \, <, |, ,, >, /, ?]
      """
    And the cluster state is unchanged

  Scenario: Bad input: an index that already exists
    When I send PUT "/existing-index" with:
      """
      {}
      """
    Then the request fails with status 400 and error "resource_already_exists_exception"
    And the cluster state is unchanged

  Scenario Outline: Bad input: invalid settings (<case>)
    When I send PUT "/new-index" with:
      """
      {"settings": <settings>}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "<reason>"
    And the cluster state is unchanged

    Examples:
      | case           | settings                                        | reason                                                                                                                                            |
      | zero shards    | {"index.number_of_shards": 0}                   | Failed to parse value [0] for setting [index.number_of_shards] must be >= 1                                                                      |
      | too many       | {"number_of_shards": 2000}                      | Failed to parse value [2000] for setting [index.number_of_shards] must be <= 1024                                                                |
      | not a number   | {"index": {"number_of_shards": "two"}}          | Failed to parse value [two] for setting [index.number_of_shards]                                                                                 |
      | unknown        | {"index.foo": 1}                                | unknown setting [index.foo] please check that any required plugins are installed, or check the breaking changes documentation for removed settings |
      | negative date  | {"index.lifecycle.origination_date": -5}        | Failed to parse value [-5] for setting [index.lifecycle.origination_date] must be >= -1                                                         |
      | boolean        | {"index.lifecycle.parse_origination_date": "yes"} | Failed to parse value [yes] as only [true] or [false] are allowed.                                                                             |

  Scenario: Bad input: a name without a date while parse_origination_date is on
    When I send PUT "/logs-x" with:
      """
      {"settings": {"index.lifecycle.parse_origination_date": true}}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index name [logs-x] does not match pattern '^.*-(\d{4}.\d{2}.\d{2})(-[\d]+)?$'"
    And the cluster state is unchanged

  Scenario: Bad input: unknown top-level key and malformed body on create
    When I send PUT "/new-index" with:
      """
      {"setings": {}}
      """
    Then the request fails with status 400, error "parse_exception" and reason "unknown key [setings] for create index"
    When I send PUT "/new-index" with:
      """
      {"settings": 
      """
    Then the request fails with status 400, error "parse_exception" and reason "Failed to parse content to map"
    And the response contains:
      """json
      {"error":{"caused_by":{"type":"json_e_o_f_exception"}}}
      """
    And the cluster state is unchanged

  Scenario: Bad input: settings that cannot change on an open index
    When I send PUT "/existing-index/_settings" with:
      """
      {"index.number_of_shards": 3}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "final index setting [index.number_of_shards], not updateable"
    And the cluster state is unchanged

  Scenario: Bad input: routing errors and unknown query parameters
    When I send POST "/_ilm/policy/some-policy"
    Then the response status is 405
    And the response is:
      """json
      {"error":"Incorrect HTTP method for uri [/_ilm/policy/some-policy] and method [POST], allowed: [GET, PUT, DELETE]","status":405}
      """
    When I send GET "/existing-index/_ilm/explain?only_manged=true"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "request [/existing-index/_ilm/explain] contains unrecognized parameter: [only_manged] -> did you mean [only_managed]?"
    When I send GET "/existing-index/_ilm/explain?only_managed=maybe"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Failed to parse value [maybe] as only [true] or [false] are allowed."
    And the cluster state is unchanged
