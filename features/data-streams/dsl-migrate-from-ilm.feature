Feature: Data stream lifecycle: migrating a data stream from ILM to the data stream lifecycle
  ES's tutorial "Migrate ILM managed data stream to data stream lifecycle" (8.11+): the backing indices
  ILM already manages stay under ILM; once the template carries a `lifecycle` and sets
  `index.lifecycle.prefer_ilm: false`, and the stream has a lifecycle, the next generations are managed
  by the data stream lifecycle (ES `Metadata#isIndexManagedByILM`, `DataStream#isIndexManagedByDataStreamLifecycle`).
  Both explains answer for every index: the one that does not manage it says so.

  Background:
    Given a lifecycle policy "pre-dsl-ilm-policy":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_primary_shard_size": "50gb" } } }, "delete": { "min_age": "7d", "actions": { "delete": {} } } } } }
      """
    And an index template "dsl-data-stream-template":
      """json
      { "index_patterns": ["dsl-data-stream*"], "data_stream": {}, "priority": 500, "template": { "settings": { "index.lifecycle.name": "pre-dsl-ilm-policy" } } }
      """
    And I create the data stream "dsl-data-stream"
    And I roll over "dsl-data-stream"

  Scenario Outline: Data stream lifecycle: old generations stay under ILM, new ones go to the data stream lifecycle (<profile>)
    When I send GET "/_data_stream/dsl-data-stream?filter_path=data_streams.indices.index_name,data_streams.indices.managed_by,data_streams.next_generation_managed_by,data_streams.prefer_ilm,data_streams.ilm_policy"
    Then the response is:
      """json
      {"data_streams":[{"indices":[
        {"index_name":".ds-dsl-data-stream-2024.01.01-000001","managed_by":"Index Lifecycle Management"},
        {"index_name":".ds-dsl-data-stream-2024.01.01-000002","managed_by":"Index Lifecycle Management"}],
        "ilm_policy":"pre-dsl-ilm-policy","next_generation_managed_by":"Index Lifecycle Management","prefer_ilm":true}]}
      """
    Given an index template "dsl-data-stream-template":
      """json
      { "index_patterns": ["dsl-data-stream*"], "data_stream": {}, "priority": 500,
        "template": { "settings": { "index.lifecycle.name": "pre-dsl-ilm-policy", "index.lifecycle.prefer_ilm": false }, "lifecycle": { "data_retention": "7d" } } }
      """
    When I set the lifecycle of the data stream "dsl-data-stream" to:
      """json
      { "data_retention": "7d" }
      """
    Then the response is:
      """json
      {"acknowledged":true}
      """
    When I send GET "/_data_stream/dsl-data-stream?filter_path=data_streams.indices.managed_by,data_streams.next_generation_managed_by,data_streams.prefer_ilm,data_streams.lifecycle"
    Then the response is:
      """json
      {"data_streams":[{"indices":[{"managed_by":"Index Lifecycle Management"},{"managed_by":"Index Lifecycle Management"}],
        "lifecycle":{"enabled":true,"data_retention":"7d","effective_retention":"7d","retention_determined_by":"data_stream_configuration"},
        "next_generation_managed_by":"Data stream lifecycle","prefer_ilm":false}]}
      """
    When I roll over "dsl-data-stream"
    And I send GET "/_data_stream/dsl-data-stream?filter_path=data_streams.indices.index_name,data_streams.indices.managed_by,data_streams.indices.prefer_ilm,data_streams.indices.ilm_policy"
    Then the response is:
      """json
      {"data_streams":[{"indices":[
        {"index_name":".ds-dsl-data-stream-2024.01.01-000001","managed_by":"Index Lifecycle Management","prefer_ilm":true,"ilm_policy":"pre-dsl-ilm-policy"},
        {"index_name":".ds-dsl-data-stream-2024.01.01-000002","managed_by":"Index Lifecycle Management","prefer_ilm":true,"ilm_policy":"pre-dsl-ilm-policy"},
        {"index_name":".ds-dsl-data-stream-2024.01.01-000003","managed_by":"Data stream lifecycle","prefer_ilm":false,"ilm_policy":"pre-dsl-ilm-policy"}]}]}
      """
    # Both explains answer for the same indices.
    And the explain record of ".ds-dsl-data-stream-2024.01.01-000003" is exactly:
      """json
      {"index":".ds-dsl-data-stream-2024.01.01-000003","managed":false}
      """
    And the explain record of ".ds-dsl-data-stream-2024.01.01-000002" has:
      | managed | true               |
      | policy  | pre-dsl-ilm-policy |
    And the data stream lifecycle explain of ".ds-dsl-data-stream-2024.01.01-000002" has:
      | managed_by_lifecycle | false |
    And the data stream lifecycle explain of ".ds-dsl-data-stream-2024.01.01-000003" has:
      | managed_by_lifecycle           | true |
      | lifecycle.effective_retention  | 7d   |
    # ILM deletes its generations 7 days after their rollover; the lifecycle keeps its own by its retention.
    When the clock advances by 7d
    And the clock advances by 20m
    Then the data stream "dsl-data-stream" has the backing indices:
      | .ds-dsl-data-stream-2024.01.01-000003 |

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  @profile:8.19
  Scenario: Data stream lifecycle: an old generation is handed over by setting prefer_ilm false on it, and back by disabling the lifecycle
    Given I set the lifecycle of the data stream "dsl-data-stream" to:
      """json
      { "data_retention": "7d" }
      """
    When I send PUT "/.ds-dsl-data-stream-2024.01.01-000001/_settings" with:
      """json
      { "index.lifecycle.prefer_ilm": false }
      """
    Then the explain record of ".ds-dsl-data-stream-2024.01.01-000001" has:
      | managed | false |
    And the data stream lifecycle explain of ".ds-dsl-data-stream-2024.01.01-000001" has:
      | managed_by_lifecycle | true |
    When I set the lifecycle of the data stream "dsl-data-stream" to:
      """json
      { "data_retention": "7d", "enabled": false }
      """
    Then the explain record of ".ds-dsl-data-stream-2024.01.01-000001" has:
      | managed | true |
    And the data stream lifecycle explain of ".ds-dsl-data-stream-2024.01.01-000001" has:
      | managed_by_lifecycle | false |
    When I send GET "/_data_stream/dsl-data-stream?filter_path=data_streams.next_generation_managed_by,data_streams.indices.managed_by"
    Then the response is:
      """json
      {"data_streams":[{"indices":[{"managed_by":"Index Lifecycle Management"},{"managed_by":"Index Lifecycle Management"}],"next_generation_managed_by":"Index Lifecycle Management"}]}
      """
