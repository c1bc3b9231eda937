@issue-24
Feature: The clock stops where the condition is met, also after a retry
  A retry re-runs the failed step at the current instant. When that re-run already reaches the step a
  scenario waits for, the clock stays where it is: it does not run on to the bound of the until-step
  (a year, by default), which would leave every later date in the scenario a year off.

  Background:
    Given the simulator mirrors Elasticsearch "6.6"
    And a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    When the clock advances until "my-index-000001" is at step warm/shrink/ERROR
    And the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And I retry the failed step of "my-index-000001"

  Scenario: Until after a retry: the shrunken index completes at the instant of the retry
    When the clock advances until "shrink-my-index-000001" is at step completed/completed/completed
    And I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-06T00:00:00.000Z |

  Scenario: Until after a retry: _next answers the instant it stopped at, having run no instant
    When I send POST "/_sim/clock/_next" with:
      """json
      {"within": "1d", "until": {"index": "shrink-my-index-000001", "step": "completed/completed/completed"}}
      """
    Then the response has:
      | now      | 2024-01-06T00:00:00.000Z |
      | advanced | false                    |
      | reached  | true                     |
      | instants | 0                        |

  Scenario: Until a phase no index can be in: refused at once, the clock stays
    When I send POST "/_sim/clock/_next" with:
      """json
      {"within": "30d", "until": {"index": "shrink-my-index-000001", "phase": "wram"}}
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "[until.phase] names the phase [wram], which no index can be in: Timeseries lifecycle does not support phase [wram] (the phases are [new, hot, warm, cold, delete, completed])"
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-01-06T00:00:00.000Z |
