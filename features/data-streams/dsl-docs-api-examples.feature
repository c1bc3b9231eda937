Feature: Data stream lifecycle: the examples of ES's API reference pages
  The request and response examples of ES's data stream lifecycle API pages (8.x
  `docs/reference/data-streams/lifecycle/apis/*.asciidoc`, and the examples the API reference takes from
  `elastic/elasticsearch-specification` `specification/indices/*_data_lifecycle*/examples/`, the same on
  its 8.19 and 9.1 branches), each run against the simulator. The documented responses were taken on
  real clusters at some instant; here the virtual clock is set so the same instants give the same
  numbers. Where a page shows an older release's body, the scenario asserts what 8.19 and 9.1 answer
  and says how it differs.

  Scenario Outline: Data stream lifecycle docs: set a stream's retention; delete its lifecycle (<profile>)
    Given an index template "my-data-stream-template":
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": {}, "priority": 500 }
      """
    And I create the data stream "my-data-stream"
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "7d" }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    And the lifecycle of the data stream "my-data-stream" contains:
      """json
      { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "7d" } }
      """
    When I send DELETE "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-data-stream" } ] }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: two downsampling rounds set on a weather sensor stream (<profile>)
    # The page's stream is a time series data stream (downsampling acts only on those).
    Given an index template "my-weather-sensor-index-template":
      """json
      { "index_patterns": ["my-weather-sensor-*"], "data_stream": {}, "priority": 500,
        "template": { "settings": { "index.mode": "time_series", "index.routing_path": ["sensor_id"] },
                      "mappings": { "properties": { "sensor_id": { "type": "keyword", "time_series_dimension": true },
                                                    "temperature": { "type": "half_float", "time_series_metric": "gauge" } } } } }
      """
    And I create the data stream "my-weather-sensor-data-stream"
    When I send PUT "/_data_stream/my-weather-sensor-data-stream/_lifecycle" with:
      """json
      { "downsampling": [ { "after": "1d", "fixed_interval": "10m" }, { "after": "7d", "fixed_interval": "1d" } ] }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-weather-sensor-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-weather-sensor-data-stream",
        "lifecycle": { "enabled": true, "downsampling": [ { "after": "1d", "fixed_interval": "10m" }, { "after": "7d", "fixed_interval": "1d" } ] } } ] }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: get the lifecycles of two streams by a wildcard (<profile>)
    # The page's example body predates `effective_retention` and the `global_retention` object; 8.19
    # and 9.1 write them.
    Given an index template "my-template":
      """json
      { "index_patterns": ["my-data-stream*"], "priority": 1, "data_stream": {}, "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    And I create the data stream "my-data-stream-1"
    And I create the data stream "my-data-stream-2"
    When I send GET "/_data_stream/my-data-stream*/_lifecycle?human"
    Then the response is:
      """json
      { "global_retention": {},
        "data_streams": [
          { "name": "my-data-stream-1", "lifecycle": { "enabled": true, "data_retention": "7d", "effective_retention": "7d", "retention_determined_by": "data_stream_configuration" } },
          { "name": "my-data-stream-2", "lifecycle": { "enabled": true, "data_retention": "7d", "effective_retention": "7d", "retention_determined_by": "data_stream_configuration" } } ] }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  @start-time:1679475563571
  Scenario Outline: Data stream lifecycle docs: explain a rolled-over backing index, 843ms after its creation and 121ms after its rollover (<profile>)
    # The page's index `.ds-metrics-2023.03.22-000001`: created at 1679475563571, rolled over at
    # 1679475564293, explained at 1679475564414. Its body shows `"lifecycle": { }`, as the first releases
    # of the lifecycle wrote it; 8.19 and 9.1 always write `enabled`. `generation_time` comes before
    # `lifecycle` (ES `ExplainIndexDataStreamLifecycle#toXContent`), not after as the page shows it.
    Given an index template "metrics":
      """json
      { "index_patterns": ["metrics"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """
    And I create the data stream "metrics"
    And the clock advances by 722ms
    And I roll over "metrics"
    And the clock advances by 121ms
    When I send GET "/.ds-metrics-2023.03.22-000001/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": { ".ds-metrics-2023.03.22-000001": {
        "index": ".ds-metrics-2023.03.22-000001",
        "managed_by_lifecycle": true,
        "index_creation_date_millis": 1679475563571,
        "time_since_index_creation": "843ms",
        "rollover_date_millis": 1679475564293,
        "time_since_rollover": "121ms",
        "generation_time": "121ms",
        "lifecycle": { "enabled": true } } } }
      """
    # The write index has no rollover date and no generation time.
    When I send GET "/.ds-metrics-2023.03.22-000002/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": { ".ds-metrics-2023.03.22-000002": {
        "index": ".ds-metrics-2023.03.22-000002",
        "managed_by_lifecycle": true,
        "index_creation_date_millis": 1679475564293,
        "time_since_index_creation": "121ms",
        "lifecycle": { "enabled": true } } } }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  @start-time:1679475563571
  Scenario Outline: Data stream lifecycle docs: explain reports the error of a rollover the shard limit refused (<profile>)
    # The page's second body: the lifecycle could not roll the index over, as a new generation would
    # exceed `cluster.max_shards_per_node`. 8.19 and 9.1 write `error` as an object (the message, when
    # it was first and last seen, how often it was retried); the page shows the older string form, and
    # a message from before the shard limit's refusal named its documentation page (2024).
    Given an index template "metrics":
      """json
      { "index_patterns": ["metrics"], "data_stream": {}, "priority": 500, "template": { "settings": { "index.number_of_replicas": 1 }, "lifecycle": {} } }
      """
    And I create the data stream "metrics"
    And I create the index "other" with:
      """json
      { "settings": { "index.number_of_replicas": 1 } }
      """
    And I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "cluster.max_shards_per_node": 3 } }
      """
    And 1 documents are bulk-created in "metrics"
    # Without retention the default rollover's max_age is 30d; the run at that instant is refused.
    When the clock advances by 30d
    And I send GET "/.ds-metrics-2023.03.22-000001/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": { ".ds-metrics-2023.03.22-000001": {
        "index": ".ds-metrics-2023.03.22-000001",
        "managed_by_lifecycle": true,
        "index_creation_date_millis": 1679475563571,
        "time_since_index_creation": "30d",
        "lifecycle": { "enabled": true },
        "error": {
          "first_occurrence_millis": 1682067563571,
          "message": "{\"type\":\"validation_exception\",\"reason\":\"Validation Failed: 1: this action would add [2] shards, but this cluster currently has [4]/[3] maximum normal shards open; for more information, see <shard_docs>;\"}",
          "last_recorded_millis": 1682067563571,
          "retry_count": 0 } } } }
      """

    @profile:8.19
    Examples: 8.19
      | profile | shard_docs                                                                                           |
      | 8.19    | https://www.elastic.co/guide/en/elasticsearch/reference/8.19/size-your-shards.html#troubleshooting-max-shards-open |

    @profile:9.1
    Examples: 9.1
      | profile | shard_docs                                                                                           |
      | 9.1     | https://www.elastic.co/docs/deploy-manage/production-guidance/optimize-performance/size-shards#troubleshooting-max-shards-open |

  Scenario Outline: Data stream lifecycle docs: the lifecycle's stats after it ran more than once, one stream with an index in error (<profile>)
    # The page's cluster polls every 10s; its run took 2ms and its starts were 9998ms apart. A simulated
    # run takes no time and starts exactly on the poll interval. The page writes `data_streams_count`;
    # ES writes `data_stream_count` (`GetDataStreamLifecycleStatsAction.Response`, and the specification).
    Given I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.poll_interval": "10s" } }
      """
    And an index template "my-template":
      """json
      { "index_patterns": ["my-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """
    And I create the data stream "my-data-stream"
    And I create the data stream "my-other-stream"
    And I roll over "my-data-stream"
    And I roll over "my-other-stream"
    # Before its first run the lifecycle has no timings to report.
    When I send GET "/_lifecycle/stats?human"
    Then the response is:
      """json
      { "data_stream_count": 2, "data_streams": [
        { "name": "my-data-stream", "backing_indices_in_total": 2, "backing_indices_in_error": 0 },
        { "name": "my-other-stream", "backing_indices_in_total": 2, "backing_indices_in_error": 0 } ] }
      """
    When the rollover step of ".ds-my-other-stream-*" fails with illegal_state_exception: "simulated rollover failure"
    And the clock advances by 25s
    And I send GET "/_lifecycle/stats?human"
    Then the response is:
      """json
      { "last_run_duration_in_millis": 0,
        "last_run_duration": "0s",
        "time_between_starts_in_millis": 10000,
        "time_between_starts": "10s",
        "data_stream_count": 2,
        "data_streams": [
          { "name": "my-data-stream", "backing_indices_in_total": 2, "backing_indices_in_error": 0 },
          { "name": "my-other-stream", "backing_indices_in_total": 2, "backing_indices_in_error": 1 } ] }
      """
    When I send GET "/_lifecycle/stats"
    Then the response has the keys "last_run_duration_in_millis, time_between_starts_in_millis, data_stream_count, data_streams"

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: the pages' query parameters, expand_wildcards (open by default) and include_defaults (<profile>)
    Given an index template "my-template":
      """json
      { "index_patterns": ["my-data-stream*"], "priority": 1, "data_stream": {}, "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    And an index template "my-hidden-template":
      """json
      { "index_patterns": ["my-hidden-stream*"], "priority": 1, "data_stream": { "hidden": true }, "template": { "lifecycle": { "data_retention": "3d" } } }
      """
    And I create the data stream "my-data-stream"
    And I create the data stream "my-hidden-stream"
    # A wildcard expands to open (visible) data streams unless told otherwise, on GET and PUT alike.
    When I send PUT "/_data_stream/my-*/_lifecycle" with:
      """json
      { "data_retention": "1d" }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-*/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [
        { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "1d", "effective_retention": "1d", "retention_determined_by": "data_stream_configuration" } } ] }
      """
    When I send GET "/_data_stream/my-*/_lifecycle?expand_wildcards=all"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [
        { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "1d", "effective_retention": "1d", "retention_determined_by": "data_stream_configuration" } },
        { "name": "my-hidden-stream", "lifecycle": { "enabled": true, "data_retention": "3d", "effective_retention": "3d", "retention_determined_by": "data_stream_configuration" } } ] }
      """
    # include_defaults adds the default rollover as it applies to the stream: max_age=auto is one day
    # under a retention of 14 days or less.
    When I send GET "/_data_stream/my-data-stream/_lifecycle?include_defaults=true"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-data-stream", "lifecycle": {
        "enabled": true, "data_retention": "1d", "effective_retention": "1d", "retention_determined_by": "data_stream_configuration",
        "rollover": { "min_docs": 1, "max_primary_shard_docs": 200000000, "max_primary_shard_size": "50gb", "max_age": "1d [automatic]" } } } ] }
      """
    When I send GET "/my-hidden-stream/_lifecycle/explain?include_defaults=true&filter_path=indices.*.lifecycle"
    Then the response is:
      """json
      { "indices": { ".ds-my-hidden-stream-2024.01.01-000001": { "lifecycle": {
        "enabled": true, "data_retention": "3d", "effective_retention": "3d", "retention_determined_by": "data_stream_configuration",
        "rollover": { "min_docs": 1, "max_primary_shard_docs": 200000000, "max_primary_shard_size": "50gb", "max_age": "1d [automatic]" } } } } }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |
