Feature: One clock for ILM and your own code (linkFakeTimers, this.fakeClock)
  A tool that works with ILM usually has timers of its own: a watcher that polls explain every hour,
  a retry with backoff, a nightly clean-up. `this.fakeClock` fakes `setTimeout`, `setInterval` and
  `Date` for the scenario and links them to the simulator: moving the clock runs the tool's timers
  and ILM's poll ticks and events in time order, with the tool's promises settled in between, so the
  tool sees exactly the explain records Elasticsearch would show at each instant. Outside Cucumber the
  same is `linkFakeTimers(simulator, sinon.useFakeTimers())` from `ilm-sim`.

  Here the team's watcher (features/support/retry-watcher.ts) checks every hour and retries each
  index in ERROR, through the official client connected in process (`connectionFor` from
  `ilm-sim/client`). It runs against the seed story: a shrink to more shards than the index has.

  Background:
    Given a lifecycle policy "shrink-index":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "my-index-000001" with settings:
      | index.number_of_shards | 2            |
      | index.lifecycle.name   | shrink-index |
    And the team's watcher retries indices in ERROR every 60 minutes

  Scenario: The watcher retries the failed shrink every hour until the policy is fixed
    When the clock advances until "my-index-000001" is at step warm/shrink/ERROR
    Then the watcher has retried "my-index-000001" 0 times
    When the clock advances by 3h
    Then the watcher has retried "my-index-000001" 3 times
    And the watcher retried "my-index-000001" last at "2024-01-06T03:00:00.000Z"
    And "my-index-000001" is at step warm/shrink/ERROR
    When the lifecycle policy "shrink-index" is updated to:
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And the clock advances by 1h
    Then the watcher has retried "my-index-000001" 4 times
    And "shrink-my-index-000001" is at step warm/complete/complete

  Scenario: Ticking the fake clock directly moves the simulator too
    When the scenario's fake clock ticks 5d and 1h
    Then "my-index-000001" is at step warm/shrink/ERROR
    And the watcher has retried "my-index-000001" 1 time
