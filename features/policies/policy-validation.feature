Feature: Policy validation per release: where the lifecycle rules are checked and how they answer
  7.10 checks the lifecycle rules while it builds the policy, so a broken rule comes back inside the
  parse chain (`x_content_parse_exception`). 8.x parses first and then validates the request: the
  first broken rule comes back as `action_request_validation_exception`, and a phase-timing problem
  (a later phase with a smaller `min_age`) replaces it. 7.10 has no phase-timing check at all.

  Scenario Outline: Validation: 8.x answers a broken rule as a request validation error (<case>)
    Given the simulator mirrors Elasticsearch "<profile>"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": <phases>}}
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: <reason>;"
    And the root cause is "action_request_validation_exception" with reason "Validation Failed: 1: <reason>;"

    Examples:
      | case                      | profile | phases                                                                                                           | reason                                                                                                                          |
      | unknown phase             | 8.19    | {"lukewarm": {"actions": {}}}                                                                                    | Timeseries lifecycle does not support phase [lukewarm]                                                                          |
      | action not allowed        | 8.19    | {"cold": {"actions": {"shrink": {"number_of_shards": 1}}}}                                                       | invalid action [shrink] defined in phase [cold]                                                                                 |
      | hot needs rollover        | 8.19    | {"hot": {"actions": {"forcemerge": {"max_num_segments": 1}, "shrink": {"number_of_shards": 1}, "readonly": {}}}} | the [readonly, shrink, forcemerge] action(s) may not be used in the [hot] phase without an accompanying [rollover] action       |
      | hot needs rollover        | 9.1     | {"hot": {"actions": {"readonly": {}}}}                                                                           | the [readonly] action(s) may not be used in the [hot] phase without an accompanying [rollover] action                          |
      | frozen phase is new in 8 | 8.19    | {"frozen": {"actions": {"delete": {}}}}                                                                          | invalid action [delete] defined in phase [frozen]                                                                               |

  Scenario Outline: Validation: phases that run out of order (<case>)
    Given the simulator mirrors Elasticsearch "<profile>"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": <phases>}}
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: <reason>;"

    Examples:
      | case                        | profile | phases                                                                                                                                               | reason |
      | one phase too early         | 8.19    | {"warm": {"min_age": "10d", "actions": {}}, "cold": {"min_age": "5d", "actions": {}}}                                                              | Your policy is configured to run the cold phase (min_age: 5d) before the warm phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold. |
      | ages print with one decimal | 9.1     | {"warm": {"min_age": "36h", "actions": {}}, "delete": {"min_age": "90m", "actions": {"delete": {}}}}                                              | Your policy is configured to run the delete phase (min_age: 1.5h) before the warm phase (min_age: 1.5d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold. |
      | two problems, comma-joined  | 8.19    | {"hot": {"min_age": "10d", "actions": {}}, "warm": {"min_age": "5d", "actions": {}}, "cold": {"min_age": "20d", "actions": {}}, "delete": {"min_age": "15d", "actions": {"delete": {}}}} | Your policy is configured to run the warm phase (min_age: 5d) before the hot phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.,Your policy is configured to run the delete phase (min_age: 15d) before the cold phase (min_age: 20d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold. |
      | the timing error wins       | 8.19    | {"cold": {"min_age": "10d", "actions": {"shrink": {"number_of_shards": 1}}}, "delete": {"min_age": "1d", "actions": {"delete": {}}}}                | Your policy is configured to run the delete phase (min_age: 1d) before the cold phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold. |

  Scenario: Validation: several phases too early are listed with "and"
    Given the simulator mirrors Elasticsearch "8.19"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"warm": {"min_age": "10d", "actions": {}}, "cold": {"min_age": "5d", "actions": {}}, "delete": {"min_age": "1d", "actions": {"delete": {}}}}}}
      """
    # Divergence: ES lists several phases in HashSet order; the simulator lists them in phase order.
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: Your policy is configured to run the cold phase (min_age: 5d) and the delete phase (min_age: 1d) before the warm phase (min_age: 10d). You should change the phase timing so that the phases will execute in the order of hot, warm, then cold.;"

  Scenario: Validation: zero and unset ages are never out of order, equal ages are allowed
    Given the simulator mirrors Elasticsearch "8.19"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"warm": {"min_age": "10d", "actions": {}}, "cold": {"min_age": "0ms", "actions": {}}, "delete": {"min_age": "10d", "actions": {"delete": {}}}}}}
      """
    Then the response status is 200

  Scenario: Validation: 7.10 has no phase-timing check
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"warm": {"min_age": "10d", "actions": {}}, "cold": {"min_age": "5d", "actions": {}}}}}
      """
    Then the response status is 200

  Scenario: Validation: 7.10 checks the rules while building the policy (parse chain)
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"hot": {"actions": {"forcemerge": {"max_num_segments": 1}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the root cause is "x_content_parse_exception" with reason "Failed to build [lifecycle_policy] after last required field arrived"

  Scenario Outline: Validation: policy names (<profile>, <name>)
    Given the simulator mirrors Elasticsearch "<profile>"
    When I send PUT "/_ilm/policy/<name>" with:
      """
      {"policy": {"phases": {}}}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "<reason>"

    Examples:
      | profile | name     | reason                                                  |
      | 8.19    | _private | invalid policy name [_private]: must not start with '_' |
      | 8.19    | a%2Cb    | invalid policy name [a,b]: must not contain ','         |
      | 9.1     | a%20b    | invalid policy name [a b]: must not contain spaces      |

  Scenario: Validation: a name longer than 255 bytes (counted in UTF-8)
    Given the simulator mirrors Elasticsearch "8.19"
    When I send PUT "/_ilm/policy/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9" with:
      """
      {"policy": {"phases": {}}}
      """
    Then the request fails with status 400 and error "illegal_argument_exception"
    And the error reason is "invalid policy name [éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé]: name is too long, (256 > 255)"

  Scenario: Validation: an explicit migrate beside allocate rules, inside the parse chain (7.10)
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"cold": {"actions": {"migrate": {}, "allocate": {"require": {"box": "cold"}}}}, "warm": {"actions": {"migrate": {"enabled": true}, "allocate": {"include": {"box": "warm"}}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response has:
      | error.caused_by.caused_by.caused_by.type   | illegal_argument_exception |
      | error.caused_by.caused_by.caused_by.reason | phases [warm,cold] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase |

  Scenario: Validation: an explicit migrate beside allocate rules (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"cold": {"actions": {"migrate": {}, "allocate": {"require": {"box": "cold"}}}}, "warm": {"actions": {"migrate": {"enabled": true}, "allocate": {"include": {"box": "warm"}}}}}}}
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: phases [warm,cold] specify an enabled migrate action and an allocate action with allocation rules. specify only a single data migration in each phase;"

  Scenario: Validation: a disabled migrate beside allocate rules is fine (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"warm": {"actions": {"migrate": {"enabled": false}, "allocate": {"include": {"box": "warm"}}}}}}}
      """
    Then the response status is 200

  Scenario: Validation: replicate_for may not outlast the next phase's min_age (9.1)
    Given the simulator mirrors Elasticsearch "9.1"
    And a snapshot repository "backups" of type fs
    When I put the lifecycle policy "checked":
      """
      {"policy": {"phases": {"cold": {"min_age": "1d", "actions": {"searchable_snapshot": {"snapshot_repository": "backups", "replicate_for": "10d"}}}, "delete": {"min_age": "5d", "actions": {"delete": {}}}}}}
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: The time a searchable snapshot is replicated in replicate_for [10d] may not exceed the time until the next phase is configured to begin. Based on the min_age [5d] of the [delete] phase, the maximum time the snapshot can be replicated is [4d].;"
