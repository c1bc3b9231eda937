Feature: Bad input: policy bodies are refused with ES's errors and change nothing
  ES parses a policy with strict object parsers: every unknown field, wrong type or invalid value is
  answered with a chain of `x_content_parse_exception`s pointing at the offending token, and the
  lifecycle-type checks (phases, actions per phase) run while the policy is built (6.x/7.x).

  Background:
    Given a lifecycle policy "existing":
      """json
      { "policy": { "phases": { "delete": { "min_age": "30d", "actions": { "delete": {} } } } } }
      """
    And I remember the cluster state

  Scenario: Bad input: malformed JSON (Jackson's error, wrapped by the request parser)
    When I send PUT "/_ilm/policy/existing" with:
      """
      {"policy": }
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason "[1:2] [put_lifecycle_request] failed to parse object"
    And the root cause is "x_content_parse_exception" with reason "[1:2] [put_lifecycle_request] failed to parse object"
    And the response contains:
      """json
      {"error":{"caused_by":{"type":"json_parse_exception","reason":"Unexpected character ('}' (code 125)): expected a value\n at [Source: (org.elasticsearch.common.bytes.AbstractBytesReference$MarkSupportingStreamInputWrapper); line: 1, column: 13]"}}}
      """
    And the cluster state is unchanged

  Scenario: Bad input: truncated JSON
    When I send PUT "/_ilm/policy/existing" with:
      """
      {"policy": {"phases": {
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the root cause is "x_content_parse_exception" with reason "[1:23] [lifecycle_policy] failed to parse field [phases]"
    And the cluster state is unchanged

  Scenario: Bad input: no body at all
    When I send PUT "/_ilm/policy/existing"
    Then the request fails with status 400, error "parse_exception" and reason "request body is required"
    And the cluster state is unchanged

  Scenario: Bad input: an unknown field next to "policy" (with ES's suggestion)
    When I put the lifecycle policy "existing":
      """
      {"polic": {"phases": {}}}
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason "[1:2] [put_lifecycle_request] unknown field [polic] did you mean [policy]?"
    And the cluster state is unchanged

  Scenario: Bad input: an unknown field inside a phase (the field is named where it starts; ES 7.7+ wraps it at the value that follows)
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"min_age": "1d", "foo": 1, "actions": {}}}}}
      """
    Then the response is:
      """json
      {"error":{"root_cause":[{"type":"x_content_parse_exception","reason":"[1:50] [phase] unknown field [foo]"}],"type":"x_content_parse_exception","reason":"[1:57] [put_lifecycle_request] failed to parse field [policy]","caused_by":{"type":"x_content_parse_exception","reason":"[1:57] [lifecycle_policy] failed to parse field [phases]","caused_by":{"type":"x_content_parse_exception","reason":"[1:57] [phases] failed to parse field [warm]","caused_by":{"type":"x_content_parse_exception","reason":"[1:50] [phase] unknown field [foo]"}}}},"status":400}
      """
    And the cluster state is unchanged

  Scenario: Bad input: an unknown action
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"actions": {"shrinkk": {}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the root cause is "named_object_not_found_exception" with reason "[1:45] unknown field [shrinkk]"
    And the cluster state is unchanged

  @profile:6.6
  Scenario: Bad input: an unknown action (6.6 wording)
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"actions": {"set_priority": {"priority": 1}}}}}}
      """
    Then the root cause is "named_object_not_found_exception" with reason "[1:45] unable to parse LifecycleAction with name [set_priority]: parser not found"
    And the cluster state is unchanged

  Scenario: Bad input: a wrong type for number_of_shards
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"actions": {"shrink": {"number_of_shards": "abc"}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the root cause is "x_content_parse_exception" with reason "[1:76] [shrink] failed to parse field [number_of_shards]"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"number_format_exception","reason":"For input string: \"abc\""}}}}}}}}
      """
    And the cluster state is unchanged

  Scenario: Bad input: an object where a number belongs
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"actions": {"shrink": {"number_of_shards": {}}}}}}}
      """
    Then the root cause is "x_content_parse_exception" with reason "[1:76] [shrink] number_of_shards doesn't support values of type: START_OBJECT"
    And the cluster state is unchanged

  Scenario: Bad input: zero target shards
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"actions": {"shrink": {"number_of_shards": 0}}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"Failed to build [shrink] after last required field arrived","caused_by":{"type":"illegal_argument_exception","reason":"[number_of_shards] must be greater than 0"}}}}}}}}}
      """
    And the cluster state is unchanged

  Scenario: Bad input: a phase without actions
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"cold": {"min_age": "1d"}}}}
      """
    Then the root cause is "x_content_parse_exception" with reason "[1:48] [phases] failed to parse field [cold]"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"type":"illegal_argument_exception","reason":"Required [actions]"}}}}}
      """
    And the cluster state is unchanged

  Scenario Outline: Bad input: invalid durations for min_age (<value>)
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": {"warm": {"min_age": <value>, "actions": {}}}}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"type":"x_content_parse_exception","reason":"[1:44] [phase] failed to parse field [min_age]","caused_by":{"type":"illegal_argument_exception","reason":"<reason>"}}}}}}
      """
    And the cluster state is unchanged

    Examples:
      | value  | reason                                                                                                 |
      | "5x"   | failed to parse setting [min_age] with value [5x] as a time value: unit is missing or unrecognized   |
      | "10"   | failed to parse setting [min_age] with value [10] as a time value: unit is missing or unrecognized   |
      | "5M"   | failed to parse setting [min_age] with value [5M] as a time value: unit is missing or unrecognized   |
      | "-5d"  | failed to parse setting [min_age] with value [-5d] as a time value: negative durations are not supported |
      | "1.5d" | failed to parse [1.5d], fractional time values are not supported                                       |

  Scenario Outline: Bad input: lifecycle rules checked while the policy is built (<case>)
    When I put the lifecycle policy "existing":
      """
      {"policy": {"phases": <phases>}}
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the root cause is "x_content_parse_exception" with reason "Failed to build [lifecycle_policy] after last required field arrived"
    And the response contains:
      """json
      {"error":{"caused_by":{"caused_by":{"caused_by":{"type":"illegal_argument_exception","reason":"<reason>"}}}}}
      """
    And the cluster state is unchanged

    Examples:
      | case               | phases                                                                  | reason                                                                                               |
      | unknown phase      | {"lukewarm": {"actions": {}}}                                           | Timeseries lifecycle does not support phase [lukewarm]                                               |
      | action not allowed | {"cold": {"actions": {"shrink": {"number_of_shards": 1}}}}              | invalid action [shrink] defined in phase [cold]                                                      |
      | hot needs rollover | {"hot": {"actions": {"forcemerge": {"max_num_segments": 1}}}}           | the [forcemerge] action may not be used in the [hot] phase without an accompanying [rollover] action |

  Scenario Outline: Bad input: invalid policy names (<name>)
    When I send PUT "/_ilm/policy/<name>" with:
      """
      {"policy": {"phases": {}}}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "<reason>"
    And the cluster state is unchanged

    Examples:
      | name      | reason                                             |
      | _private  | invalid policy name [_private]: must not start with '_' |
      | a%2Cb     | invalid policy name [a,b]: must not contain ','     |
      | a%20b     | invalid policy name [a b]: must not contain spaces |
