Feature: Explain: an index whose policy does not exist
  ES's runner (`IndexLifecycleRunner`, PR #34206) records `step_info`
  `{"type":"illegal_argument_exception","reason":"policy [p] does not exist"}` the first time it runs for
  an index naming a missing policy, without moving it to ERROR. It runs only once ILM's cluster metadata
  exists (`IndexLifecycleService#triggerPolicies`); from 7.x on a fresh cluster has it before the first
  request, because the template registries store their built-in policies (`ilm-history-ilm-policy`, ES
  `ILMHistoryTemplateRegistry`) as soon as a master is elected. 6.6 had no built-in policy, so there ILM
  does not run until a first policy is stored. 8.13+ explain also reports `"step": "ERROR"` for such an
  index (PR #103720).

  @profile:7.10
  Scenario: elastic/elasticsearch#99030: on a fresh 7.10 cluster the missing policy is reported at once
    When I create the index "test" with:
      """json
      { "settings": { "index.lifecycle.name": "also_oops", "index.lifecycle.rollover_alias": "oops" } }
      """
    Then the explain record of "test" is exactly:
      """json
      {
        "index": "test",
        "managed": true,
        "policy": "also_oops",
        "step_info": { "type": "illegal_argument_exception", "reason": "policy [also_oops] does not exist" }
      }
      """

  @profile:7.17
  Scenario: Explain: 7.17 reports the missing policy at once too, without the 8.13 "ERROR" step
    When I create the index "test" with:
      """json
      { "settings": { "index.lifecycle.name": "also_oops" } }
      """
    Then the explain record of "test" is exactly:
      """json
      {
        "index": "test",
        "managed": true,
        "policy": "also_oops",
        "step_info": { "type": "illegal_argument_exception", "reason": "policy [also_oops] does not exist" }
      }
      """

  @profile:8.19
  Scenario: elastic/elasticsearch#103720: on a fresh 8.19 cluster the record says ERROR and why
    When I create the index "test2" with:
      """json
      { "settings": { "index.lifecycle.name": "also_oops" } }
      """
    And the clock advances by 21s
    Then the explain record of "test2" is exactly:
      """json
      {
        "index": "test2",
        "managed": true,
        "policy": "also_oops",
        "index_creation_date_millis": 1704067200000,
        "time_since_index_creation": "21s",
        "step": "ERROR",
        "step_info": { "type": "illegal_argument_exception", "reason": "policy [also_oops] does not exist" },
        "skip": false
      }
      """

  @profile:6.6
  Scenario: Explain: 6.6 runs no policy before the first one is stored, then reports the missing one
    When I create the index "orphan-1" with:
      """json
      { "settings": { "index.lifecycle.name": "no-such-policy" } }
      """
    Then the explain record of "orphan-1" is exactly:
      """json
      { "index": "orphan-1", "managed": true, "policy": "no-such-policy" }
      """
    When the lifecycle policy "other" is updated to:
      """json
      { "policy": { "phases": { "delete": { "actions": { "delete": {} } } } } }
      """
    Then the explain record of "orphan-1" is exactly:
      """json
      {
        "index": "orphan-1",
        "managed": true,
        "policy": "no-such-policy",
        "step_info": { "type": "illegal_argument_exception", "reason": "policy [no-such-policy] does not exist" }
      }
      """
