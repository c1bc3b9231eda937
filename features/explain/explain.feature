Feature: Explain: managed, unmanaged, missing and wildcard indices
  `GET /<index>/_ilm/explain` takes a comma list with `*` patterns, and `only_managed`,
  `only_errors` and `human` flags.

  Background:
    Given a lifecycle policy "warm-later":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "readonly": {} } } } } }
      """
    And an index "managed-1" managed by "warm-later"
    And an index "plain-1" without a policy

  Scenario: Explain: an unmanaged index has only its name and managed:false
    Then the explain record of "plain-1" is exactly:
      """json
      { "index": "plain-1", "managed": false }
      """

  Scenario: Explain: a new managed index waits in the "new" phase (7.10)
    Then the explain record of "managed-1" is exactly:
      """json
      {
        "index": "managed-1",
        "managed": true,
        "policy": "warm-later",
        "lifecycle_date_millis": 1704067200000,
        "age": "0s",
        "phase": "new",
        "phase_time_millis": 1704067200000,
        "action": "complete",
        "action_time_millis": 1704067200000,
        "step": "complete",
        "step_time_millis": 1704067200000,
        "phase_execution": { "policy": "warm-later", "version": 1, "modified_date_in_millis": 1704067200000 }
      }
      """

  @profile:7.17
  Scenario: Explain: a new managed index in 7.17 has 7.10's fields (index_creation_date_millis is 8.1)
    Then the explain record of "managed-1" is exactly:
      """json
      {
        "index": "managed-1",
        "managed": true,
        "policy": "warm-later",
        "lifecycle_date_millis": 1704067200000,
        "age": "0s",
        "phase": "new",
        "phase_time_millis": 1704067200000,
        "action": "complete",
        "action_time_millis": 1704067200000,
        "step": "complete",
        "step_time_millis": 1704067200000,
        "phase_execution": { "policy": "warm-later", "version": 1, "modified_date_in_millis": 1704067200000 }
      }
      """

  @profile:6.6
  Scenario: Explain: a new managed index in 6.6 has no age and no phase_execution yet
    Then the explain record of "managed-1" is exactly:
      """json
      {
        "index": "managed-1",
        "managed": true,
        "policy": "warm-later",
        "lifecycle_date_millis": 1704067200000,
        "phase": "new",
        "phase_time_millis": 1704067200000,
        "action": "complete",
        "action_time_millis": 1704067200000,
        "step": "complete",
        "step_time_millis": 1704067200000
      }
      """

  Scenario: Explain: a missing index
    When I explain "does-not-exist"
    Then the response status is 404
    And the response is:
      """json
      {"error":{"root_cause":[{"type":"index_not_found_exception","reason":"no such index [does-not-exist]","resource.type":"index_or_alias","resource.id":"does-not-exist","index_uuid":"_na_","index":"does-not-exist"}],"type":"index_not_found_exception","reason":"no such index [does-not-exist]","resource.type":"index_or_alias","resource.id":"does-not-exist","index_uuid":"_na_","index":"does-not-exist"},"status":404}
      """

  Scenario: Explain: a wildcard that matches nothing is an empty answer
    When I explain "nothing-*"
    Then the response is:
      """json
      { "indices": {} }
      """

  Scenario: Explain: wildcards and comma lists, only_managed
    When I explain "*"
    Then the response has the keys "indices: managed-1, plain-1"
    When I explain "plain-1,managed-1" with "only_managed=true"
    Then the response has the keys "indices: managed-1"
    When I explain "*" with "only_managed"
    Then the response has the keys "indices: managed-1"

  Scenario: Explain: only_errors keeps indices in ERROR and indices whose policy is missing
    Given an index "orphan-1" managed by "no-such-policy"
    When I explain "*" with "only_errors=true"
    Then the response is:
      """json
      {
        "indices": {
          "orphan-1": {
            "index": "orphan-1",
            "managed": true,
            "policy": "no-such-policy",
            "step_info": { "type": "illegal_argument_exception", "reason": "policy [no-such-policy] does not exist" }
          }
        }
      }
      """

  Scenario: Explain: an index whose policy arrives later starts once it exists
    Given an index "orphan-1" managed by "late-policy"
    And the clock advances by 1h
    When the lifecycle policy "late-policy" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "readonly": {} } } } } }
      """
    Then the explain record of "orphan-1" has:
      | step                  | complete      |
      | lifecycle_date_millis | 1704067200000 |
      | age                   | 1h            |
    And the explain record of "orphan-1" has no "step_info"

  Scenario: Explain: human=false is the same as no flag
    When I explain "managed-1" with "human=false"
    Then the response has:
      | indices.managed-1.phase_time_millis | 1704067200000 |
    And the response has the keys "indices.managed-1: index, managed, policy, lifecycle_date_millis, age, phase, phase_time_millis, action, action_time_millis, step, step_time_millis, phase_execution"

  Scenario: Explain: an index created with an origination date counts its age from that date
    Given an index "old-logs" with settings:
      | index.lifecycle.name             | warm-later    |
      | index.lifecycle.origination_date | 1703980800000 |
    Then the explain record of "old-logs" has:
      | lifecycle_date_millis | 1703980800000 |
      | age                   | 1d            |
    When the clock advances by 4d
    Then "old-logs" is at step warm/complete/complete
