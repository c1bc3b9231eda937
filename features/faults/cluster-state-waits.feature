Feature: Faults: a failure injected into a cluster-state wait fires at the next cluster change
  ES checks every cluster-state wait (`check-not-write-index`, `is-shrunken-index`, ...) whenever the
  cluster state changes, whichever index changed. Without faults the simulator wakes such a wait only
  when an index it reads changes, which gives the same answers sooner; once a fault is registered,
  every cluster-state wait is checked on every cluster change again, so the fault fires when ES's would.

  Background:
    Given a lifecycle policy "readonly-now":
      """json
      { "policy": { "phases": { "warm": { "min_age": "0ms", "actions": { "readonly": {} } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs*"], "data_stream": {}, "template": { "settings": { "index.lifecycle.name": "readonly-now" } } }
      """
    When I create the data stream "logs"
    And the clock advances by 10m
    Then ".ds-logs-000001" is at step warm/readonly/check-not-write-index

  Scenario: Faults: the write index waits at check-not-write-index; a failure injected there fires when another index is created
    Given the check-not-write-index step of ".ds-logs-000001" fails with illegal_state_exception: "injected"
    Then ".ds-logs-000001" is at step warm/readonly/check-not-write-index
    When I create the index "other" with:
      """json
      {}
      """
    Then the explain record of ".ds-logs-000001" contains:
      """json
      {
        "step": "ERROR",
        "failed_step": "check-not-write-index",
        "step_info": { "type": "illegal_state_exception", "reason": "injected" }
      }
      """
