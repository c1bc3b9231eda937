Feature: Cluster: the health report
  `GET /_health_report` (8.7+) answers with the overall `status` (the worst of the indicators'), the
  cluster name and each indicator the simulator can know: `shards_availability` from the topology,
  `data_stream_lifecycle` (8.11+) from the lifecycle's error store, `ilm` and `slm` from their operation
  modes; `GET /_health_report/<indicator>` gives one, without the overall status. ES's own
  `80_health.yml` expects `indicators.ilm` green with "Index Lifecycle Management is running".

  @profile:8.19
  Scenario: Cluster: the whole health report
    Given a lifecycle policy "my_timeseries_lifecycle":
      """json
      { "policy": { "phases": { "warm": { "min_age": "10d", "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    And I send PUT "/logs-1" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send GET "/_health_report?filter_path=status,cluster_name,indicators.*.status,indicators.*.symptom"
    Then the response is:
      """json
      {"status":"unknown","cluster_name":"ilm-sim","indicators":{
        "shards_availability":{"status":"green","symptom":"This cluster has all shards available."},
        "data_stream_lifecycle":{"status":"unknown","symptom":"No data stream lifecycle health data available yet. Health information will be reported after the first run."},
        "ilm":{"status":"green","symptom":"Index Lifecycle Management is running"},
        "slm":{"status":"green","symptom":"No Snapshot Lifecycle Management policies configured"}}}
      """
    When the clock advances by 5m
    And I send GET "/_health_report?filter_path=status,indicators.data_stream_lifecycle,indicators.ilm"
    Then the response contains:
      """json
      {"status":"green","indicators":{"data_stream_lifecycle":{"status":"green","details":{"stagnating_backing_indices_count":0,"total_backing_indices_in_error":0}},
        "ilm":{"status":"green","symptom":"Index Lifecycle Management is running","details":{"ilm_status":"RUNNING","stagnating_indices":0}}}}
      """
    When I send PUT "/logs-2" with:
      """json
      { "settings": { "number_of_replicas": 1 } }
      """
    And I send GET "/_health_report/shards_availability?verbose=false"
    Then the response is:
      """json
      {"cluster_name":"ilm-sim","indicators":{"shards_availability":{"status":"yellow","symptom":"This cluster has 1 unavailable replica shard."}}}
      """
    When I send POST "/_ilm/stop"
    And I send GET "/_health_report?filter_path=status,indicators.ilm.status"
    Then the response is:
      """json
      {"status":"yellow","indicators":{"ilm":{"status":"yellow"}}}
      """

  @profile:7.17
  Scenario: Cluster: 7.17 has no health report; the path is read as an index name
    When I send GET "/_health_report"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [_health_report]"
