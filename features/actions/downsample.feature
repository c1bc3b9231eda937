@profile:8.19
Feature: Actions: downsample rolls a time-series index up into a coarser one (8.19)
  A time-series index (`index.mode: time_series`) waits until its `index.time_series.end_time` has
  passed, is write-blocked, and is rolled up into `downsample-<interval>-<index>`. The downsampled
  index inherits the execution state and the policy and carries on at the next action; the source is
  deleted and its aliases move over (no alias is named after the source). Other indices skip the action.

  Background:
    Given a lifecycle policy "downsample-warm":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1h" } } } } } }
      """

  Scenario: Downsample: a time-series index is created with its time-series settings
    When I create the index "metrics" with:
      """json
      { "settings": { "index.mode": "time_series", "index.routing_path": "host", "index.time_series.start_time": "2023-12-31T00:00:00Z", "index.time_series.end_time": "2024-01-02T00:00:00Z" } }
      """
    Then the response status is 200
    When I send GET "/metrics/_settings/index.time_series.*?flat_settings=true"
    Then the response is:
      """json
      { "metrics": { "settings": { "index.time_series.end_time": "2024-01-02T00:00:00Z", "index.time_series.start_time": "2023-12-31T00:00:00Z" } } }
      """

  Scenario: Downsample: a time-series index needs a routing path
    When I create the index "metrics" with:
      """json
      { "settings": { "index.mode": "time_series" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "[index.mode=time_series] requires a non-empty [index.routing_path]"

  Scenario: Downsample: time-series settings need the time_series mode
    When I create the index "metrics" with:
      """json
      { "settings": { "index.routing_path": "host" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "[index.routing_path] requires [index.mode=time_series]"

  Scenario: Downsample: the end time must not be before the start time
    When I create the index "metrics" with:
      """json
      { "settings": { "index.mode": "time_series", "index.routing_path": "host", "index.time_series.start_time": "2024-01-02T00:00:00Z", "index.time_series.end_time": "2024-01-01T00:00:00Z" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index.time_series.end_time must be larger than index.time_series.start_time"

  Scenario: Downsample: a time-series index goes through the whole chain and the downsampled index takes over
    Given an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "downsample-warm", "index.mode": "time_series", "index.routing_path": "host",
                      "index.time_series.start_time": "2023-12-31T00:00:00Z", "index.time_series.end_time": "2024-01-02T00:00:00Z" },
        "aliases": { "metrics-all": {} } }
      """
    When the clock advances by 1d
    Then "metrics" is at step warm/downsample/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "metrics" is at step warm/downsample/check-ts-end-time-passed
    When the clock advances by 10m
    And I explain "downsample-1h-metrics"
    Then the response has:
      | indices.downsample-1h-metrics.policy | downsample-warm  |
      | indices.downsample-1h-metrics.phase  | warm             |
      | indices.downsample-1h-metrics.action | complete         |
      | indices.downsample-1h-metrics.step   | complete         |
    When I send GET "/metrics"
    Then the request fails with status 404 and error "index_not_found_exception"
    When I send GET "/downsample-1h-metrics/_settings?flat_settings=true"
    Then the response contains:
      """json
      { "downsample-1h-metrics": { "settings": {
          "index.blocks.write": "true", "index.downsample.interval": "1h", "index.downsample.origin.name": "metrics",
          "index.downsample.source.name": "metrics", "index.downsample.status": "success", "index.lifecycle.name": "downsample-warm",
          "index.mode": "time_series", "index.routing_path": "host", "index.time_series.end_time": "2024-01-02T00:00:00Z" } } }
      """
    When I send GET "/downsample-1h-metrics"
    Then the response has:
      | downsample-1h-metrics.aliases | {"metrics-all":{}} |
    And the history of "metrics" is:
      | from                                              | to                                                |
      | -                                                 | new/complete/complete                             |
      | new/complete/complete                             | warm/unfollow/branch-check-unfollow-prerequisites |
      | warm/unfollow/branch-check-unfollow-prerequisites | warm/downsample/branch-on-timeseries-check        |
      | warm/downsample/branch-on-timeseries-check        | warm/downsample/check-not-write-index             |
      | warm/downsample/check-not-write-index             | warm/downsample/wait-for-shard-history-leases     |
      | warm/downsample/wait-for-shard-history-leases     | warm/downsample/check-ts-end-time-passed          |
      | warm/downsample/check-ts-end-time-passed          | warm/downsample/readonly                          |
      | warm/downsample/readonly                          | warm/downsample/generate-downsampled-index-name   |
      | warm/downsample/generate-downsampled-index-name   | warm/downsample/rollup                            |
      | warm/downsample/rollup                            | warm/downsample/wait-for-index-color              |
      | warm/downsample/wait-for-index-color              | warm/downsample/copy-execution-state              |
      | warm/downsample/copy-execution-state              | warm/downsample/copy-settings                     |
      | warm/downsample/copy-settings                     | warm/downsample/branch-on-datastream-check        |
      | warm/downsample/branch-on-datastream-check        | warm/downsample/swap-aliases                      |
      | warm/downsample/swap-aliases                      | warm/downsample/complete                          |

  Scenario: Downsample: the index waits while its time-series end time is in the future
    Given an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "downsample-warm", "index.mode": "time_series", "index.routing_path": "host",
                      "index.time_series.end_time": "2024-01-05T00:00:00Z" } }
      """
    When the clock advances by 1d
    And the clock advances by 20m
    Then "metrics" is at step warm/downsample/check-ts-end-time-passed
    And the explain record of "metrics" contains:
      """json
      { "step_info": { "message": "The [index.time_series.end_time] setting for index [metrics] is [1704412800000]. Waiting until the index's time series end time lapses before proceeding with action [downsample] as the index can still accept writes." } }
      """
    When the clock is set to "2024-01-04T23:50:00Z"
    Then "metrics" is at step warm/downsample/check-ts-end-time-passed
    When the clock is set to "2024-01-05T00:00:00Z"
    Then "downsample-1h-metrics" is at step warm/complete/complete

  Scenario: Downsample: an index that is not a time-series index skips the action
    Given an index "logs" managed by "downsample-warm"
    When the clock advances by 1d
    Then "logs" is at step warm/complete/complete
    And the history of "logs" is:
      | from                                              | to                                                |
      | -                                                 | new/complete/complete                             |
      | new/complete/complete                             | warm/unfollow/branch-check-unfollow-prerequisites |
      | warm/unfollow/branch-check-unfollow-prerequisites | warm/downsample/branch-on-timeseries-check        |
      | warm/downsample/branch-on-timeseries-check        | warm/migrate/branch-check-skip-action             |
      | warm/migrate/branch-check-skip-action             | warm/migrate/migrate                              |
      | warm/migrate/migrate                              | warm/migrate/check-migration                      |
      | warm/migrate/check-migration                      | warm/complete/complete                            |

  Scenario: Downsample: GET policy prints the interval and the default wait_timeout
    When I get the lifecycle policy "downsample-warm"
    Then the response has:
      | downsample-warm.policy.phases.warm.actions.downsample | {"fixed_interval":"1h","wait_timeout":"1d"} |

  Scenario: Downsample: fixed_interval is required
    When I put the lifecycle policy "bad":
      """json
      { "policy": { "phases": { "warm": { "actions": { "downsample": {} } } } } }
      """
    Then the request fails with status 400 and error "x_content_parse_exception"
    And the response has:
      | error.caused_by.caused_by.caused_by.caused_by.caused_by.reason | Required [fixed_interval] |

  Scenario: Downsample: a later phase must downsample to a larger interval
    When I put the lifecycle policy "bad":
      """json
      { "policy": { "phases": {
          "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1h" } } },
          "cold": { "min_age": "2d", "actions": { "downsample": { "fixed_interval": "1h" } } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: Downsampling interval [1h] for phase [cold] must be greater than the interval [1h] for phase [warm];"

  Scenario: Downsample: a later interval must be a multiple of the earlier one
    When I put the lifecycle policy "bad":
      """json
      { "policy": { "phases": {
          "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1h" } } },
          "cold": { "min_age": "2d", "actions": { "downsample": { "fixed_interval": "90m" } } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: Downsampling interval [90m] for phase [cold] must be a multiple of the interval [1h] for phase [warm];"

  Scenario: Downsample: a bad interval fails the rollup step
    Given a lifecycle policy "bad-interval":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1x" } } } } } }
      """
    And an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "bad-interval", "index.mode": "time_series", "index.routing_path": "host",
                      "index.time_series.end_time": "2024-01-02T00:00:00Z" } }
      """
    When the clock advances by 1d
    And the clock advances by 20m
    Then the explain record of "metrics" contains:
      """json
      { "step": "ERROR", "failed_step": "rollup", "step_info": { "type": "illegal_argument_exception", "reason": "failed to parse setting [createRounding] with value [1x] as a time value: unit is missing or unrecognized" } }
      """

  Scenario: Downsample: in a data stream the downsampled index takes the backing index's slot
    Given an index template "metrics":
      """json
      { "index_patterns": ["metrics-*"], "data_stream": {}, "template": { "settings": {
          "index.lifecycle.name": "downsample-warm", "index.mode": "time_series", "index.routing_path": "host",
          "index.time_series.end_time": "2024-01-01T12:00:00Z" } } }
      """
    When I send PUT "/_data_stream/metrics-a"
    And I send POST "/metrics-a/_rollover"
    And the clock advances by 2d
    And I send GET "/_data_stream/metrics-a"
    Then the response has:
      | data_streams.0.indices.0.index_name | downsample-1h-.ds-metrics-a-2024.01.01-000001 |
      | data_streams.0.indices.1.index_name | .ds-metrics-a-2024.01.01-000002               |
    And "downsample-1h-.ds-metrics-a-2024.01.01-000001" is at step warm/complete/complete
    And ".ds-metrics-a-2024.01.01-000002" is at step warm/downsample/check-not-write-index

  Scenario: Downsample: wait-for-index-color gives up after index.lifecycle.step.wait_time_threshold and runs the rollup again
    # ES wraps the wait in `ClusterStateWaitUntilThresholdStep`, falling back to the no-op `cleanup-target-index`.
    Given an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "downsample-warm", "index.mode": "time_series", "index.routing_path": "host",
                      "index.time_series.end_time": "2024-01-02T00:00:00Z", "index.lifecycle.step.wait_time_threshold": "2h" } }
      """
    And the wait-for-index-color step of "metrics" waits because the index is not green
    When the clock advances until "metrics" is at step warm/downsample/wait-for-index-color within 2d
    And the clock advances by 2h
    Then "metrics" is at step warm/downsample/wait-for-index-color
    When the clock advances by 10m
    # step_time 00:20 + 2h: the first poll tick after 02:20 gives up; the rollup finds its index done.
    Then the history of "metrics" is:
      | at                       | to                                                |
      | 2024-01-01T00:00:00.000Z | new/complete/complete                             |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/downsample/branch-on-timeseries-check        |
      | 2024-01-02T00:00:00.000Z | warm/downsample/check-not-write-index             |
      | 2024-01-02T00:00:00.000Z | warm/downsample/wait-for-shard-history-leases     |
      | 2024-01-02T00:10:00.000Z | warm/downsample/check-ts-end-time-passed          |
      | 2024-01-02T00:20:00.000Z | warm/downsample/readonly                          |
      | 2024-01-02T00:20:00.000Z | warm/downsample/generate-downsampled-index-name   |
      | 2024-01-02T00:20:00.000Z | warm/downsample/rollup                            |
      | 2024-01-02T00:20:00.000Z | warm/downsample/wait-for-index-color              |
      | 2024-01-02T02:30:00.000Z | warm/downsample/cleanup-target-index              |
      | 2024-01-02T02:30:00.000Z | warm/downsample/rollup                            |
      | 2024-01-02T02:30:00.000Z | warm/downsample/wait-for-index-color              |
    When the faults are cleared
    And the simulator settles
    Then the index "metrics" does not exist
    And "downsample-1h-metrics" is at step warm/complete/complete
