Feature: Data stream lifecycle: what a managed index waits for, and its generations on the timeline
  `GET /_sim/why/<index>` answers for an index the data stream lifecycle manages too: the write index
  waits for the default rollover conditions (each against its current value, and the lifecycle run at
  which they will hold if only time passes); a rolled-over generation waits for its retention, with the
  run that deletes it. `GET /_sim/timeline` draws each generation as a `write` span until its rollover
  and a `rolled_over` span until retention deletes it.

  Background:
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": { "data_retention": "2d" } } }
      """
    And I create the data stream "logs-app"
    And I send POST "/_sim/ingest" with:
      """json
      { "index": "logs-app", "count": 5, "bytes_each": "1kb" }
      """

  @profile:8.19
  Scenario: Data stream lifecycle: why the write index waits, then why its rolled-over generation waits
    When the clock advances by 2h
    And I send GET "/_sim/why/.ds-logs-app-2024.01.01-000001?filter_path=managed,managed_by,waiting_for,next_check,rollover.conditions.condition,rollover.conditions.met,rollover.met_at"
    Then the response is:
      """json
      {"managed":false,"managed_by":"Data stream lifecycle","waiting_for":"rollover","next_check":"2024-01-01T02:05:00.000Z",
       "rollover":{"conditions":[{"condition":"max_primary_shard_size","met":false},{"condition":"min_docs","met":true},{"condition":"max_primary_shard_docs","met":false},{"condition":"max_age","met":false}],"met_at":"2024-01-02T00:00:00.000Z"}}
      """
    And I send GET "/_sim/why/.ds-logs-app-2024.01.01-000001?filter_path=explanation"
    Then the response is:
      """json
      {"explanation":"the write index of data stream [logs-app] waits for the default rollover conditions: max_primary_shard_size 50gb (now 5120b), min_docs 1 (now 5 docs, met), max_primary_shard_docs 200000000 (now 5 docs), max_age 1d (now 2h)"}
      """
    When the clock advances by 22h
    And I send GET "/_sim/why/.ds-logs-app-2024.01.01-000001?filter_path=waiting_for,retention"
    Then the response is:
      """json
      {"waiting_for":"retention","retention":{"retention":"2d","retention_millis":172800000,"generation":"2024-01-02T00:00:00.000Z","generation_millis":1704153600000,"delete_at":"2024-01-04T00:00:00.000Z","delete_at_millis":1704326400000}}
      """

  @profile:9.1
  Scenario: Data stream lifecycle: the timeline draws generations until retention deletes them
    When the clock advances by 1d
    And I send POST "/_sim/ingest" with:
      """json
      { "index": "logs-app", "count": 5, "bytes_each": "1kb" }
      """
    And the clock advances by 3d
    And I send GET "/_sim/timeline?filter_path=indices.index,indices.ended,indices.phases.phase,indices.phases.end"
    Then the response is:
      """json
      {"indices":[
        {"index":".ds-logs-app-2024.01.01-000001","ended":"deleted","phases":[{"phase":"write","end":"2024-01-02T00:00:00.000Z"},{"phase":"rolled_over","end":"2024-01-04T00:00:00.000Z"}]},
        {"index":".ds-logs-app-2024.01.02-000002","ended":"deleted","phases":[{"phase":"write","end":"2024-01-03T00:00:00.000Z"},{"phase":"rolled_over","end":"2024-01-05T00:00:00.000Z"}]},
        {"index":".ds-logs-app-2024.01.03-000003","ended":null,"phases":[{"phase":"write","end":null}]}]}
      """
