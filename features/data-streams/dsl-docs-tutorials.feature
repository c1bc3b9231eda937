Feature: Data stream lifecycle: ES's tutorials, run under the virtual clock
  The tutorials of ES's data stream lifecycle pages (8.x `docs/reference/data-streams/lifecycle/`
  `tutorial-manage-new-data-stream`, `tutorial-manage-existing-data-stream`; 9.x `elastic/docs-content`
  `manage-data/lifecycle/data-stream/tutorial-create-data-stream-with-lifecycle` and
  `tutorial-update-existing-data-stream`), every request they send with the answer they show, and then
  the rest of the story the virtual clock can tell: the default rollover once its conditions hold,
  retention deleting a generation, a disabled lifecycle leaving the stream alone. The 9.x tutorial for a
  new stream names it `my-data-stream-test`; the 8.x one `my-data-stream`. (The migration tutorial is
  `dsl-migrate-from-ilm.feature`, the retention tutorial `dsl-docs-retention-tutorial.feature`.)

  Scenario Outline: Data stream lifecycle docs: create a data stream with a lifecycle by indexing into it, then watch it roll over and age out (<profile>)
    When I send PUT "/_index_template/my-index-template" with:
      """json
      { "index_patterns": ["<pattern>"], "data_stream": { }, "priority": 500,
        "template": { "lifecycle": { "data_retention": "7d" } },
        "_meta": { "description": "Template with data stream lifecycle" } }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    # Indexing into the name creates the stream from the template (the tutorial's second way).
    When I send PUT "/<stream>/_bulk" with:
      """
      { "create":{ } }
      { "@timestamp": "2099-05-06T16:21:15.000Z", "message": "192.0.2.42 - - [06/May/2099:16:21:15 +0000] \"GET /images/bg.jpg HTTP/1.0\" 200 24736" }
      { "create":{ } }
      { "@timestamp": "2099-05-06T16:25:42.000Z", "message": "192.0.2.255 - - [06/May/2099:16:25:42 +0000] \"GET /favicon.ico HTTP/1.0\" 200 3638" }

      """
    Then the response has:
      | errors             | false                                |
      | items.0.create._index | .ds-<stream>-2024.01.01-000001    |
      | items.1.create.status | 201                               |
    When I send GET "/_data_stream/<stream>/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {},
        "data_streams": [ { "name": "<stream>", "lifecycle": { "enabled": true, "data_retention": "7d", "effective_retention": "7d", "retention_determined_by": "data_stream_configuration" } } ] }
      """
    When the clock advances by 96s
    And I send GET "/.ds-<stream>-*/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": { ".ds-<stream>-2024.01.01-000001": {
        "index": ".ds-<stream>-2024.01.01-000001",
        "managed_by_lifecycle": true,
        "index_creation_date_millis": 1704067200000,
        "time_since_index_creation": "1.6m",
        "lifecycle": { "enabled": true, "data_retention": "7d", "effective_retention": "7d", "retention_determined_by": "data_stream_configuration" } } } }
      """
    # With 7 days of retention the default rollover's max_age=auto is one day: the run at that instant
    # rolls the stream over (it has documents); the empty new write index is never rolled over.
    When the clock is set to "2024-01-01T23:59:59Z"
    Then the data stream "<stream>" has the backing indices:
      | .ds-<stream>-2024.01.01-000001 |
    When the clock is set to "2024-01-02T00:00:00Z"
    Then the data stream "<stream>" has the backing indices:
      | .ds-<stream>-2024.01.01-000001 |
      | .ds-<stream>-2024.01.02-000002 |
    When the clock advances by 3d
    And I send GET "/.ds-<stream>-*/_lifecycle/explain?filter_path=indices.*.rollover_date_millis,indices.*.time_since_rollover,indices.*.generation_time"
    Then the response is:
      """json
      { "indices": { ".ds-<stream>-2024.01.01-000001": { "rollover_date_millis": 1704153600000, "time_since_rollover": "3d", "generation_time": "3d" } } }
      """
    # Retention counts from the rollover: the first generation is deleted seven days after it.
    When the clock is set to "2024-01-08T23:59:59Z"
    Then the data stream "<stream>" has 2 backing indices, the oldest ".ds-<stream>-2024.01.01-000001"
    When the clock is set to "2024-01-09T00:00:00Z"
    Then the data stream "<stream>" has the backing indices:
      | .ds-<stream>-2024.01.02-000002 |

    @profile:8.19
    Examples: 8.19
      | profile | pattern         | stream         |
      | 8.19    | my-data-stream* | my-data-stream |

    @profile:9.1
    Examples: 9.1
      | profile | pattern             | stream              |
      | 9.1     | my-data-stream-test | my-data-stream-test |

  Scenario Outline: Data stream lifecycle docs: create the data stream with its API instead (<profile>)
    Given an index template "my-index-template":
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": { }, "priority": 500, "template": { "lifecycle": { "data_retention": "7d" } } }
      """
    When I send PUT "/_data_stream/my-data-stream"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    And the lifecycle of the data stream "my-data-stream" contains:
      """json
      { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "7d" } }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  @start-time:1681745209501
  Scenario Outline: Data stream lifecycle docs: give an existing stream a lifecycle, change its retention, disable it, remove it (<profile>)
    # The tutorial's stream: its first generation created 2023-04-17, rolled over 2023-04-19 and
    # explained 6.84s later (the page's creation date of the new generation is 2ms before the rollover
    # date; the simulator creates it at the rollover's instant; its 48d since creation is illustrative).
    Given an index template "my-data-stream-template":
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": { }, "priority": 500 }
      """
    And I create the data stream "my-data-stream"
    And the clock advances by 174011918ms
    And I roll over "my-data-stream"
    And the clock advances by 6840ms
    When I send GET "/.ds-my-data-stream-*/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": {
        ".ds-my-data-stream-2023.04.17-000001": { "index": ".ds-my-data-stream-2023.04.17-000001", "managed_by_lifecycle": false },
        ".ds-my-data-stream-2023.04.19-000002": { "index": ".ds-my-data-stream-2023.04.19-000002", "managed_by_lifecycle": false } } }
      """
    # An empty body: managed, and kept forever.
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-data-stream", "lifecycle": { "enabled": true } } ] }
      """
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "30d" }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    # The stream's lifecycle applies to every backing index, the old generation included.
    When I send GET "/.ds-my-data-stream-*/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": {
        ".ds-my-data-stream-2023.04.17-000001": {
          "index": ".ds-my-data-stream-2023.04.17-000001",
          "managed_by_lifecycle": true,
          "index_creation_date_millis": 1681745209501,
          "time_since_index_creation": "2.01d",
          "rollover_date_millis": 1681919221419,
          "time_since_rollover": "6.84s",
          "generation_time": "6.84s",
          "lifecycle": { "enabled": true, "data_retention": "30d", "effective_retention": "30d", "retention_determined_by": "data_stream_configuration" } },
        ".ds-my-data-stream-2023.04.19-000002": {
          "index": ".ds-my-data-stream-2023.04.19-000002",
          "managed_by_lifecycle": true,
          "index_creation_date_millis": 1681919221419,
          "time_since_index_creation": "6.84s",
          "lifecycle": { "enabled": true, "data_retention": "30d", "effective_retention": "30d", "retention_determined_by": "data_stream_configuration" } } } }
      """
    # Disabled, the lifecycle is kept but manages nothing: no effective retention, and retention past
    # its 30 days deletes nothing.
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "30d", "enabled": false }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-data-stream", "lifecycle": { "enabled": false, "data_retention": "30d" } } ] }
      """
    And the data stream lifecycle explain of ".ds-my-data-stream-2023.04.17-000001" has:
      | managed_by_lifecycle | false |
    When the clock advances by 31d
    Then the data stream "my-data-stream" has the backing indices:
      | .ds-my-data-stream-2023.04.17-000001 |
      | .ds-my-data-stream-2023.04.19-000002 |
    # Enabled again, the next run deletes the generation that is past its retention.
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "30d" }
      """
    And the clock advances by 5m
    Then the data stream "my-data-stream" has the backing indices:
      | .ds-my-data-stream-2023.04.19-000002 |
    When I send DELETE "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/.ds-my-data-stream-*/_lifecycle/explain"
    Then the response is:
      """json
      { "indices": { ".ds-my-data-stream-2023.04.19-000002": { "index": ".ds-my-data-stream-2023.04.19-000002", "managed_by_lifecycle": false } } }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |
