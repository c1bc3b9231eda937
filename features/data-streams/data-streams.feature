Feature: Data streams: templates, auto-creation, GET and DELETE
  A composable template with `"data_stream": {}` turns the first write to a matching name into a data
  stream with one hidden backing index, which gets the template's settings (so its ILM policy). The
  backing index is named `.ds-<name>-000001` in 7.9/7.10 and `.ds-<name>-<yyyy.MM.dd>-000001` from 7.11.

  Background:
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d" } } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 100, "template": { "settings": { "index.lifecycle.name": "logs" } } }
      """

  Scenario: Data streams: the first document creates the stream and ILM manages its backing index (7.10)
    When I send POST "/logs-app/_doc" with:
      """json
      { "@timestamp": "2024-01-01T00:00:00Z", "message": "hello" }
      """
    Then the response status is 201
    And the response contains:
      """json
      { "_index": ".ds-logs-app-000001", "result": "created" }
      """
    When I send GET "/_data_stream/logs-app"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","timestamp_field":{"name":"@timestamp"},"indices":[{"index_name":".ds-logs-app-000001","index_uuid":"YHPqGCdwRauHa5Qnjn9jhg"}],"generation":1,"status":"YELLOW","template":"logs","ilm_policy":"logs"}]}
      """
    And "logs-app" is at step hot/unfollow/wait-for-follow-shard-tasks
    And the explain record of ".ds-logs-app-000001" has:
      | policy | logs |
      | phase  | hot  |
    When I send GET "/.ds-logs-app-000001/_settings?filter_path=*.settings.index.hidden,*.settings.index.lifecycle"
    Then the response is:
      """json
      {".ds-logs-app-000001":{"settings":{"index":{"hidden":"true","lifecycle":{"name":"logs"}}}}}
      """

  @profile:8.19
  Scenario: Data streams: 8.19 names backing indices with the creation day and answers GET with its fields
    When I create the data stream "logs-app"
    Then the response status is 200
    When I send GET "/_data_stream"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","timestamp_field":{"name":"@timestamp"},"indices":[{"index_name":".ds-logs-app-2024.01.01-000001","index_uuid":"YHPqGCdwRauHa5Qnjn9jhg","managed_by":"Index Lifecycle Management","prefer_ilm":true,"ilm_policy":"logs","index_mode":"standard"}],"generation":1,"status":"YELLOW","template":"logs","ilm_policy":"logs","next_generation_managed_by":"Index Lifecycle Management","prefer_ilm":true,"hidden":false,"system":false,"allow_custom_routing":false,"replicated":false,"rollover_on_write":false,"index_mode":"standard","settings":{},"failure_store":{"enabled":false,"rollover_on_write":true,"indices":[]}}]}
      """
    And "logs-app" is at step hot/rollover/check-rollover-ready

  # 7.17 has 7.11's data streams (ES `DataStream.NEW_FEATURES_VERSION`): dated backing index names,
  # the template's `_meta` on the stream, hidden streams; GET prints 7.10's fields with `_meta` after
  # `generation`, then `hidden`, `system` (7.13) and `replicated` (7.16.1, PR #81140); the 8.x fields
  # (`managed_by`, `allow_custom_routing`, ...) are not there yet.
  @profile:7.17
  Scenario: Data streams: 7.17 names backing indices with the creation day and answers GET with 7.17's fields
    Given an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "data_stream": {}, "priority": 100, "template": { "settings": { "index.lifecycle.name": "logs" } }, "_meta": { "owner": "ops" } }
      """
    When I create the data stream "logs-app"
    Then the response status is 200
    When I send GET "/_data_stream"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","timestamp_field":{"name":"@timestamp"},"indices":[{"index_name":".ds-logs-app-2024.01.01-000001","index_uuid":"YHPqGCdwRauHa5Qnjn9jhg"}],"generation":1,"_meta":{"owner":"ops"},"status":"YELLOW","template":"logs","ilm_policy":"logs","hidden":false,"system":false,"replicated":false}]}
      """
    And "logs-app" is at step hot/rollover/check-rollover-ready

  @profile:7.17
  Scenario: Data streams: in 7.17 a rollover names the new backing index by the day it runs
    Given an index template "metrics":
      """json
      { "index_patterns": ["metrics-*"], "data_stream": {}, "priority": 100 }
      """
    And I create the data stream "metrics-app"
    When the clock advances by 2d
    And I send POST "/metrics-app/_rollover"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true,"old_index":".ds-metrics-app-2024.01.01-000001","new_index":".ds-metrics-app-2024.01.03-000002","rolled_over":true,"dry_run":false,"conditions":{}}
      """
    And the data stream "metrics-app" has the backing indices:
      | .ds-metrics-app-2024.01.01-000001 |
      | .ds-metrics-app-2024.01.03-000002 |

  # From 7.16 (PR #79916) taking a backing index out of the stream bumps the generation as a rollover
  # does (`DataStream#removeBackingIndex`), so the next backing index skips a number; 7.10 kept it.
  @profile:7.17
  Scenario: Data streams: in 7.17 deleting an old backing index bumps the generation, so the next rollover skips a number
    Given I create the data stream "logs-app"
    And I roll over "logs-app"
    When I send DELETE "/.ds-logs-app-2024.01.01-000001"
    Then the response status is 200
    When I send GET "/_data_stream/logs-app?filter_path=data_streams.generation,data_streams.indices.index_name"
    Then the response is:
      """json
      {"data_streams":[{"indices":[{"index_name":".ds-logs-app-2024.01.01-000002"}],"generation":3}]}
      """
    When I roll over "logs-app"
    Then the data stream "logs-app" has the backing indices:
      | .ds-logs-app-2024.01.01-000002 |
      | .ds-logs-app-2024.01.01-000004 |

  # `data_stream.hidden` (7.11+) hides the stream: wildcards (and a request without a name) skip it
  # unless `expand_wildcards` takes hidden ones; its own name still finds it.
  @profile:7.17
  Scenario: Data streams: a hidden 7.17 stream is left out of GET and of wildcards unless expand_wildcards asks for it
    Given an index template "audit":
      """json
      { "index_patterns": ["audit-*"], "data_stream": { "hidden": true }, "priority": 100 }
      """
    And I create the data stream "audit-app"
    And I create the data stream "logs-app"
    When I send GET "/_data_stream?filter_path=data_streams.name,data_streams.hidden"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","hidden":false}]}
      """
    When I send GET "/_data_stream/*?filter_path=data_streams.name,data_streams.hidden"
    Then the response is:
      """json
      {"data_streams":[{"name":"logs-app","hidden":false}]}
      """
    When I send GET "/_data_stream?expand_wildcards=all&filter_path=data_streams.name,data_streams.hidden,data_streams.indices.index_name"
    Then the response is:
      """json
      {"data_streams":[{"name":"audit-app","indices":[{"index_name":".ds-audit-app-2024.01.01-000001"}],"hidden":true},{"name":"logs-app","indices":[{"index_name":".ds-logs-app-2024.01.01-000001"}],"hidden":false}]}
      """
    When I send GET "/_data_stream/audit-app?filter_path=data_streams.name,data_streams.hidden"
    Then the response is:
      """json
      {"data_streams":[{"name":"audit-app","hidden":true}]}
      """

  # 7.11-7.17 `ComposableIndexTemplate.PARSER` takes `allow_auto_create` and its `DataStreamTemplate`
  # takes `hidden`; `allow_custom_routing` came with 8.0.
  @profile:7.17
  Scenario: Data streams: a 7.17 template takes data_stream.hidden and allow_auto_create, not 8.0's allow_custom_routing
    When I send PUT "/_index_template/audit" with:
      """json
      { "index_patterns": ["audit-*"], "data_stream": { "hidden": true }, "allow_auto_create": true, "priority": 100 }
      """
    Then the response is:
      """json
      {"acknowledged":true}
      """
    When I send PUT "/_index_template/routed" with:
      """json
      { "index_patterns": ["routed-*"], "data_stream": { "allow_custom_routing": true }, "priority": 100 }
      """
    Then the response status is 400
    When I send GET "/_index_template/routed"
    Then the response status is 404

  # 7.9/7.10 refused any data stream name starting with '.'; 7.11 narrowed that to the backing-index
  # prefix `.ds-`.
  @profile:7.17
  Scenario: Data streams: 7.17 takes a stream name starting with a dot, but not the backing-index prefix
    Given an index template "dot-logs":
      """json
      { "index_patterns": [".logs-*"], "data_stream": {}, "priority": 100 }
      """
    When I create the data stream ".logs-app"
    Then the response status is 200
    And the data stream ".logs-app" has the backing indices:
      | .ds-.logs-app-2024.01.01-000001 |
    When I create the data stream ".ds-logs-app"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "data_stream [.ds-logs-app] must not start with '.ds-'"

  Scenario: Data streams: creating a stream needs a data-stream template, a new name and a valid one
    When I create the data stream "metrics-app"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "no matching index template found for data stream [metrics-app]"
    When I create the data stream "logs-app"
    And I create the data stream "logs-app"
    Then the request fails with status 400, error "resource_already_exists_exception" and reason "data_stream [logs-app] already exists"
    When I create the data stream "logs-App"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "data_stream [logs-App] must be lowercase"
    When I send PUT "/logs-plain"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "cannot create index with name [logs-plain], because it matches with template [logs] that creates data streams only, use create data stream api instead"

  Scenario: Data streams: deleting a stream deletes its backing indices; its template stays in use until then
    Given I create the data stream "logs-app"
    When I send DELETE "/_index_template/logs"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "unable to remove composable templates [logs] as they are in use by a data streams [logs-app]"
    When I delete the data stream "logs-app"
    Then the response status is 200
    When I explain ".ds-logs-app-000001"
    Then the request fails with status 404 and error "index_not_found_exception"
    When I delete the data stream "logs-app"
    Then the request fails with status 404, error "resource_not_found_exception" and reason "data_streams matching [logs-app] not found"

  # 6.6's path trie has no `_data_stream`: `GET /_data_stream` is `GET /{index}` of an index of that
  # name, as on any release before 7.9; `PUT /_data_stream/<name>` has no route at all.
  @profile:6.6
  Scenario: Data streams: 6.6 has no data stream API
    When I send GET "/_data_stream"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [_data_stream]"
    When I send PUT "/_data_stream/logs-app"
    Then the response is:
      """json
      {"error":"no handler found for uri [/_data_stream/logs-app] and method [PUT]"}
      """

  Scenario: Data streams: GET of a backing index names its stream; DELETE refuses the write index and unlists an older one (7.10)
    Given 1 documents of 1kb are indexed into "logs-app"
    When I roll over "logs-app"
    And I send GET "/.ds-logs-app-000001?filter_path=*.data_stream"
    Then the response is:
      """json
      {".ds-logs-app-000001":{"data_stream":"logs-app"}}
      """
    When I send DELETE "/.ds-logs-app-000002"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index [.ds-logs-app-000002] is the write index for data stream [logs-app] and cannot be deleted"
    When I send DELETE "/.ds-logs-app-000001"
    Then the response status is 200
    And the data stream "logs-app" has the backing indices:
      | .ds-logs-app-000002 |
