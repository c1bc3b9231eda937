Feature: Data streams: ILM rollover, check-not-write-index, delete and bulk ingestion
  ILM rolls a data stream over without a rollover alias: the write index rolls over at its conditions,
  a new generation becomes the write index, and the old backing index goes on through its phases.
  Steps that must not touch the write index (`check-not-write-index` of readonly, forcemerge and
  shrink; the delete step) wait or fail until the stream has rolled over.

  Background:
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 100, "template": { "settings": { "index.lifecycle.name": "logs" } } }
      """

  Scenario: Data streams: ILM rolls the stream over at max_age; the old generation completes hot
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 23h
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000001 |
    When the clock advances by 1h
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000001 |
      | .ds-logs-app-000002 |
    And ".ds-logs-app-000001" is at step hot/complete/complete
    And the explain record of ".ds-logs-app-000001" has:
      | lifecycle_date_millis | 1704153600000 |
    And ".ds-logs-app-000002" is at step hot/unfollow/wait-for-follow-shard-tasks
    When I send GET "/_data_stream/logs-app?filter_path=data_streams.generation"
    Then the response is:
      """json
      {"data_streams":[{"generation":2}]}
      """

  @profile:8.19
  Scenario: Data streams: 8.19 names the new generation with the rollover day (an empty stream never rolls over)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 1d
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
    When 1 documents are bulk-created in "logs-app"
    And the clock advances by 10m
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.02-000002 |

  @profile:7.17
  Scenario: elastic/elasticsearch#67777: a backing index the stream was rolled over from by hand does not roll it over again (7.11.1+)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 2 } } } } } }
      """
    And I create the data stream "logs-app"
    And 1 documents of 1kb are indexed into ".ds-logs-app-2024.01.01-000001"
    When I roll over "logs-app"
    And 1 documents of 1kb are indexed into ".ds-logs-app-2024.01.01-000001"
    And the clock advances by 20m
    Then ".ds-logs-app-2024.01.01-000001" is at step hot/complete/complete
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000001 |
      | .ds-logs-app-2024.01.01-000002 |

  Scenario: elastic/elasticsearch#67777: on 7.10 a backing index the stream was rolled over from by hand rolls it over a second time
    7.9 to 7.11.0 had no write-index check in ILM's rollover steps: the former write index dry-runs the
    stream's rollover, measured as the stream's summed primary documents, and once that meets
    `max_docs` it rolls the stream over again although nothing was written to the new write index.
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 2 } } } } } }
      """
    And I create the data stream "logs-app"
    And 1 documents of 1kb are indexed into ".ds-logs-app-000001"
    When I roll over "logs-app"
    And 1 documents of 1kb are indexed into ".ds-logs-app-000001"
    And the clock advances by 20m
    Then ".ds-logs-app-000001" is at step hot/complete/complete
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000001 |
      | .ds-logs-app-000002 |
      | .ds-logs-app-000003 |
    And ".ds-logs-app-000002" is at step hot/rollover/check-rollover-ready

  Scenario: Data streams: readonly waits at check-not-write-index until the stream rolls over (7.10)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "warm": { "min_age": "1h", "actions": { "readonly": {} } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 2h
    Then the explain record of ".ds-logs-app-000001" contains:
      """json
      {
        "phase": "warm", "action": "readonly", "step": "check-not-write-index",
        "step_info": { "message": "index [.ds-logs-app-000001] is the write index for data stream [logs-app], pausing ILM execution of lifecycle [logs] until this index is no longer the write index for the data stream via manual or automated rollover" }
      }
      """
    When I roll over "logs-app"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true,"old_index":".ds-logs-app-000001","new_index":".ds-logs-app-000002","rolled_over":true,"dry_run":false,"conditions":{}}
      """
    And ".ds-logs-app-000001" is at step warm/readonly/readonly
    When the simulator settles
    Then ".ds-logs-app-000001" is at step warm/complete/complete
    And the explain record of ".ds-logs-app-000001" has no "step_info"
    When I send GET "/.ds-logs-app-000001/_settings?filter_path=*.settings.index.blocks"
    Then the response is:
      """json
      {".ds-logs-app-000001":{"settings":{"index":{"blocks":{"write":"true"}}}}}
      """

  Scenario: elastic/elasticsearch#68794: 7.10's delete step throws past ILM on a stream's only backing index, which sits on delete/delete/delete with no step_info
    7.9-7.11 `DeleteStep` throws its write-index refusal out of `performAction`, where no listener
    catches it (the 7.x runner calls the step without a try): ES logs it, and the index stays on the
    step, with no ERROR and no `step_info`, as the 7.9.3 user saw. 7.12 deletes the stream instead
    (PR #69637), and 8.13 turns the refusal into a retryable ERROR (PR #105772).
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 1d
    Then ".ds-logs-app-000001" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 1d
    Then ".ds-logs-app-000001" is at step delete/delete/delete
    And the explain record of ".ds-logs-app-000001" has no "step_info"
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000001 |

  Scenario: Data streams: 7.10 deletes a backing index that is no longer the write index
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I create the data stream "logs-app"
    When I roll over "logs-app"
    And the clock advances by 1d
    And the clock advances by 10m
    Then the index ".ds-logs-app-000001" does not exist
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000002 |

  @profile:7.17
  Scenario: elastic/elasticsearch#68794: from 7.12 deleting a stream's only backing index deletes the stream (PR #69637)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 2d
    And I send GET "/_data_stream"
    Then the response is:
      """json
      {"data_streams":[]}
      """

  @profile:8.19
  Scenario: Data streams: in 8.19 deleting a stream's only backing index deletes the stream
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I create the data stream "logs-app"
    When the clock advances by 2d
    And I send GET "/_data_stream"
    Then the response is:
      """json
      {"data_streams":[]}
      """

  @profile:8.19
  Scenario: Data streams: 8.13+ refuses to delete a write index that is not the only one with a retryable ERROR (PR #105772)
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": {} }, "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And I create the data stream "logs-app"
    And I roll over "logs-app"
    And I send POST "/.ds-logs-app-2024.01.01-000001/_ilm/remove"
    When the clock advances by 2d
    Then the explain record of ".ds-logs-app-2024.01.01-000002" contains:
      """json
      {
        "step": "ERROR", "failed_step": "delete", "is_auto_retryable_error": true,
        "step_info": { "type": "illegal_state_exception", "reason": "index [.ds-logs-app-2024.01.01-000002] is the write index for data stream [logs-app]. stopping execution of lifecycle [logs] as a data stream's write index cannot be deleted. manually rolling over the index will resume the execution of the policy as the index will not be the data stream's write index anymore" }
      }
      """
    When I roll over "logs-app"
    And the clock advances by 10m
    Then the index ".ds-logs-app-2024.01.01-000002" does not exist

  Scenario: Data streams: bulk creates count into the write index; index ops are refused per item
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 3 } } } } } }
      """
    When I send this bulk request:
      """
      {"create":{"_index":"logs-app"}}
      {"@timestamp":"2024-01-01T00:00:00Z"}
      {"index":{"_index":"logs-app","_id":"1"}}
      {"@timestamp":"2024-01-01T00:00:00Z"}
      """
    Then the response status is 200
    And the response contains:
      """json
      {
        "took": 0, "errors": true,
        "items": [
          { "create": { "_index": ".ds-logs-app-000001", "_type": "_doc", "_version": 1, "result": "created", "_shards": { "total": 2, "successful": 1, "failed": 0 }, "_seq_no": 0, "_primary_term": 1, "status": 201 } },
          { "index": { "_index": "logs-app", "_type": "_doc", "_id": "1", "status": 400, "error": { "type": "illegal_argument_exception", "reason": "only write ops with an op_type of create are allowed in data streams" } } }
        ]
      }
      """
    When 2 documents are bulk-created in "logs-app"
    And the clock advances by 10m
    Then ".ds-logs-app-000001" is at step hot/rollover/check-rollover-ready
    When the clock advances by 10m
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000001 |
      | .ds-logs-app-000002 |
