Feature: The timeline of an index: its phases, across renames, until its deletion
  `GET /_sim/timeline` folds the ILM history into one row per index lineage: an index and the indices
  that replace it (shrink's `shrink-xxxx-<name>`, searchable_snapshot's `restored-<name>`), with the
  span of each phase, action and wait, ERROR spans with ES's reason, and the deletion. A scenario can
  say "hot on 01-01, warm on 01-04, cold on 01-07, deleted on 01-12" in four rows instead of fifty
  history records.

  Background:
    Given the simulator mirrors Elasticsearch "8.19"
    And a snapshot repository "repo" of type fs
    And a lifecycle policy "logs":
      """json
      {
        "policy": {
          "phases": {
            "hot": { "actions": { "rollover": { "max_age": "1d" } } },
            "warm": { "min_age": "2d", "actions": { "shrink": { "number_of_shards": 1 } } },
            "cold": { "min_age": "5d", "actions": { "searchable_snapshot": { "snapshot_repository": "repo" } } },
            "delete": { "min_age": "10d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.number_of_shards": 2, "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs" } } }
      """

  Scenario: An index through rollover, shrink, a searchable snapshot and deletion, phase by phase
    Given an index "logs-000001" is the write index of the alias "logs"
    When 10 documents of 1kb are indexed into "logs"
    And the clock advances by 12d
    # The phases follow the lineage: warm goes on in shrink-s0op-logs-000001, cold and delete in
    # restored-shrink-s0op-logs-000001; the delete phase ends when the delete action removes the index.
    Then the phases of "logs-000001" are:
      | phase  | entered                  | left                     |
      | hot    | 2024-01-01T00:00:00.000Z | 2024-01-04T00:00:00.000Z |
      | warm   | 2024-01-04T00:00:00.000Z | 2024-01-07T00:00:00.000Z |
      | cold   | 2024-01-07T00:00:00.000Z | 2024-01-12T00:00:00.000Z |
      | delete | 2024-01-12T00:00:00.000Z | 2024-01-12T00:20:00.000Z |
    # Any name of the lineage finds it; the second index is still hot (no documents: 8.x's implicit
    # min_docs: 1 holds its rollover), so its phase has not been left.
    And the phases of "restored-shrink-s0op-logs-000001" are:
      | phase | entered    |
      | hot   | 2024-01-01 |
      | warm  | 2024-01-04 |
      | cold  | 2024-01-07 |
      | delete | 2024-01-12 |
    And the phases of "logs-000002" are:
      | phase | entered                  | left |
      | hot   | 2024-01-02T00:00:00.000Z |      |

  Scenario: The timeline as JSON, with an ERROR span, ES's reason and the automatic retries
    # An index outside the template: the policy's rollover finds no rollover alias. 8.19 retries the
    # failed step on each poll tick; every failure again is folded into one ERROR span.
    Given an index "plain" managed by "logs"
    When the clock advances by 1h
    And I send GET "/_sim/timeline?index=plain"
    Then the response contains:
      """json
      {
        "indices": [
          {
            "index": "plain",
            "policy": "logs",
            "ended": null,
            "lineage": [{ "index": "plain", "start": "2024-01-01T00:00:00.000Z", "end": null }],
            "phases": [{ "phase": "hot", "start": "2024-01-01T00:00:00.000Z", "end": null }],
            "waits": [
              { "step": "check-rollover-ready", "start": "2024-01-01T00:00:00.000Z", "end": "2024-01-01T00:10:00.000Z" },
              {
                "step": "ERROR", "failed_step": "check-rollover-ready", "retries": 2,
                "start": "2024-01-01T00:10:00.000Z", "end": "2024-01-01T01:00:00.000Z",
                "error": { "type": "illegal_argument_exception", "reason": "setting [index.lifecycle.rollover_alias] for index [plain] is empty or not defined" }
              }
            ]
          }
        ]
      }
      """

  Scenario: A downsampled index carries on its source's lineage
    Given a lifecycle policy "downsample":
      """json
      { "policy": { "phases": {
          "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1h" } } },
          "delete": { "min_age": "3d", "actions": { "delete": {} } } } } }
      """
    And an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "downsample", "index.mode": "time_series", "index.routing_path": "host",
                      "index.time_series.start_time": "2023-12-31T00:00:00Z", "index.time_series.end_time": "2024-01-02T00:00:00Z" } }
      """
    When the clock advances by 4d
    Then the phases of "downsample-1h-metrics" are:
      | phase  | entered                  | left                     |
      | new    | 2024-01-01T00:00:00.000Z | 2024-01-02T00:00:00.000Z |
      | warm   | 2024-01-02T00:00:00.000Z | 2024-01-04T00:00:00.000Z |
      | delete | 2024-01-04T00:00:00.000Z | 2024-01-04T00:20:00.000Z |
    When I send GET "/_sim/timeline?index=metrics"
    Then the response has:
      | indices.0.lineage.0.index | metrics               |
      | indices.0.lineage.1.index | downsample-1h-metrics |
      | indices.0.ended           | deleted               |
