Feature: Data stream lifecycle: downsampling rounds of a time series data stream
  A time series data stream (`index.mode: time_series`) whose lifecycle has `downsampling` rounds gets
  each rolled-over backing index downsampled once its generation is older than a round's `after`: the
  lifecycle puts a write block on it at one run, then replaces it in the stream by
  `downsample-<fixed_interval>-<index>`, which keeps the source's generation date
  (`index.lifecycle.origination_date`) so retention still counts from the original rollover; a later
  round downsamples the downsampled index again.

  @profile:8.19
  Scenario: Data stream lifecycle: two downsampling rounds, then retention
    Given an index template "metrics":
      """json
      { "index_patterns": ["metrics-*"], "data_stream": {}, "priority": 500,
        "template": { "settings": { "index.mode": "time_series", "index.routing_path": "host" },
                      "lifecycle": { "data_retention": "30d", "downsampling": [ { "after": "1d", "fixed_interval": "1h" }, { "after": "3d", "fixed_interval": "1d" } ] } } }
      """
    And I create the data stream "metrics-app"
    And I send POST "/_sim/ingest" with:
      """json
      { "index": "metrics-app", "count": 5, "bytes_each": "1kb" }
      """
    # 30 days of retention: max_age=auto is 7 days, so the first generation rolls over on January 8.
    When the clock advances by 8d
    Then the data stream "metrics-app" has the backing indices:
      | .ds-metrics-app-2024.01.01-000001 |
      | .ds-metrics-app-2024.01.08-000002 |
    When I send GET "/.ds-metrics-app-2024.01.01-000001/_settings?filter_path=*.settings.index.blocks"
    Then the response is:
      """json
      {".ds-metrics-app-2024.01.01-000001":{"settings":{"index":{"blocks":{"write":"true"}}}}}
      """
    When the clock advances by 5m
    Then the data stream "metrics-app" has the backing indices:
      | downsample-1h-.ds-metrics-app-2024.01.01-000001 |
      | .ds-metrics-app-2024.01.08-000002               |
    And the index ".ds-metrics-app-2024.01.01-000001" does not exist
    When the clock advances by 2d
    Then the data stream "metrics-app" has the backing indices:
      | downsample-1d-.ds-metrics-app-2024.01.01-000001 |
      | .ds-metrics-app-2024.01.08-000002               |
    And the data stream lifecycle explain of "downsample-1d-.ds-metrics-app-2024.01.01-000001" has:
      | managed_by_lifecycle | true |
      | generation_time      | 3d   |
    When the clock advances by 28d
    Then the data stream "metrics-app" has the backing indices:
      | .ds-metrics-app-2024.01.08-000002 |
