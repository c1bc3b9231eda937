Feature: Data stream lifecycle: ES's retention tutorial
  ES's tutorial on data stream retention (8.x `tutorial-manage-data-stream-retention.asciidoc`, 9.x
  `elastic/docs-content` `manage-data/lifecycle/data-stream/tutorial-data-stream-retention.md`): a
  stream's own `data_retention`, the cluster's default and max global retention
  (`data_streams.lifecycle.retention.default` / `.max`), the `effective_retention` they give and which
  of them determined it (`retention_determined_by`), every row of the tutorial's table; then how the
  effective retention is applied: a rolled-over generation is deleted once its `generation_time` (from
  its rollover, or from `index.lifecycle.origination_date`) passes it. Internal (dot-prefixed) streams
  keep their own retention. The tutorial's clean-up resets both global settings with a wildcard.

  Background:
    Given an index template "template":
      """json
      { "index_patterns": ["my-data-stream*"], "template": { "lifecycle": {} }, "data_stream": { } }
      """
    And I create the data stream "my-data-stream"

  Scenario Outline: Data stream lifecycle docs: the retention table, default <default>, max <max>, stream <own> (<profile>)
    Given I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": <default>, "data_streams.lifecycle.retention.max": <max> } }
      """
    And I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      <own>
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": <global>, "data_streams": [ { "name": "my-data-stream", "lifecycle": <lifecycle> } ] }
      """

    # "Not relevant" in the tutorial's table: a value is set, and does not count.
    @profile:8.19
    Examples: 8.19
      | profile | default | max     | own                        | global                                                | lifecycle                                                                                                                       |
      | 8.19    | null    | null    | {}                         | {}                                                    | {"enabled":true}                                                                                                                |
      | 8.19    | "7d"    | "365d"  | { "data_retention": "30d" } | {"max_retention":"365d","default_retention":"7d"}     | {"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"}    |
      | 8.19    | "7d"    | null    | { "data_retention": "30d" } | {"default_retention":"7d"}                            | {"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"}    |
      | 8.19    | "30d"   | "365d"  | {}                         | {"max_retention":"365d","default_retention":"30d"}    | {"enabled":true,"effective_retention":"30d","retention_determined_by":"default_global_retention"}                               |
      | 8.19    | "30d"   | "30d"   | {}                         | {"max_retention":"30d","default_retention":"30d"}     | {"enabled":true,"effective_retention":"30d","retention_determined_by":"default_global_retention"}                               |
      | 8.19    | "7d"    | "30d"   | { "data_retention": "365d" } | {"max_retention":"30d","default_retention":"7d"}    | {"enabled":true,"data_retention":"365d","effective_retention":"30d","retention_determined_by":"max_global_retention"}        |
      | 8.19    | null    | "30d"   | {}                         | {"max_retention":"30d"}                               | {"enabled":true,"effective_retention":"30d","retention_determined_by":"max_global_retention"}                                   |

    @profile:9.1
    Examples: 9.1
      | profile | default | max     | own                        | global                                                | lifecycle                                                                                                                       |
      | 9.1     | null    | null    | {}                         | {}                                                    | {"enabled":true}                                                                                                                |
      | 9.1     | "7d"    | "365d"  | { "data_retention": "30d" } | {"max_retention":"365d","default_retention":"7d"}     | {"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"}    |
      | 9.1     | "7d"    | null    | { "data_retention": "30d" } | {"default_retention":"7d"}                            | {"enabled":true,"data_retention":"30d","effective_retention":"30d","retention_determined_by":"data_stream_configuration"}    |
      | 9.1     | "30d"   | "365d"  | {}                         | {"max_retention":"365d","default_retention":"30d"}    | {"enabled":true,"effective_retention":"30d","retention_determined_by":"default_global_retention"}                               |
      | 9.1     | "30d"   | "30d"   | {}                         | {"max_retention":"30d","default_retention":"30d"}     | {"enabled":true,"effective_retention":"30d","retention_determined_by":"default_global_retention"}                               |
      | 9.1     | "7d"    | "30d"   | { "data_retention": "365d" } | {"max_retention":"30d","default_retention":"7d"}    | {"enabled":true,"data_retention":"365d","effective_retention":"30d","retention_determined_by":"max_global_retention"}        |
      | 9.1     | null    | "30d"   | {}                         | {"max_retention":"30d"}                               | {"enabled":true,"effective_retention":"30d","retention_determined_by":"max_global_retention"}                                   |

  Scenario Outline: Data stream lifecycle docs: the tutorial's story, from an unmanaged retention to 30 days under a 7d default and a 90d max (<profile>)
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [ { "name": "my-data-stream", "lifecycle": { "enabled": true } } ] }
      """
    # A new stream takes its retention from the template.
    When I send PUT "/_index_template/template" with:
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": { }, "priority": 500,
        "template": { "lifecycle": { "data_retention": "7d" } },
        "_meta": { "description": "Template with data stream lifecycle" } }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    # An existing stream gets its own with the lifecycle API.
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "30d" }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "7d", "data_streams.lifecycle.retention.max": "90d" } }
      """
    Then the response is:
      """json
      { "acknowledged": true, "persistent": { "data_streams": { "lifecycle": { "retention": { "default": "7d", "max": "90d" } } } }, "transient": {} }
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": { "max_retention": "90d", "default_retention": "7d" },
        "data_streams": [ { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "30d", "effective_retention": "30d", "retention_determined_by": "data_stream_configuration" } } ] }
      """
    # The global retention does not reach an internal stream (its name starts with a dot).
    Given an index template "internal":
      """json
      { "index_patterns": [".my-internal-stream*"], "data_stream": { }, "priority": 500, "template": { "lifecycle": { } } }
      """
    And I create the data stream ".my-internal-stream"
    When I send GET "/_data_stream/.my-internal-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": { "max_retention": "90d", "default_retention": "7d" }, "data_streams": [ { "name": ".my-internal-stream", "lifecycle": { "enabled": true } } ] }
      """
    # The tutorial's clean-up: a wildcard with null removes both settings.
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.*": null } }
      """
    Then the response is:
      """json
      { "acknowledged": true, "persistent": {}, "transient": {} }
      """
    When I send GET "/_data_stream/my-data-stream/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {},
        "data_streams": [ { "name": "my-data-stream", "lifecycle": { "enabled": true, "data_retention": "30d", "effective_retention": "30d", "retention_determined_by": "data_stream_configuration" } } ] }
      """
    # The rest of the clean-up: the streams by a wildcard, then their template.
    When I send DELETE "/_data_stream/my-data-stream*"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send DELETE "/_index_template/template"
    Then the response is:
      """json
      { "acknowledged": true }
      """
    When I send GET "/_data_stream/my-data-stream*/_lifecycle"
    Then the response is:
      """json
      { "global_retention": {}, "data_streams": [] }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: retention deletes a generation once its generation time passes the effective retention (<profile>)
    # The default global retention of 3 days fills in for the stream, which has none of its own.
    Given I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "3d" } }
      """
    And 1 documents are bulk-created in "my-data-stream"
    And I roll over "my-data-stream"
    And 1 documents are bulk-created in "my-data-stream"
    And I roll over "my-data-stream"
    # The second generation's data dates from a day earlier than its rollover: its generation time
    # counts from `index.lifecycle.origination_date` instead.
    When I send PUT "/.ds-my-data-stream-2024.01.01-000002/_settings" with:
      """json
      { "index.lifecycle.origination_date": 1703980800000 }
      """
    And the clock advances by 1d
    And I send GET "/.ds-my-data-stream-*/_lifecycle/explain?filter_path=indices.*.rollover_date_millis,indices.*.generation_time,indices.*.lifecycle.effective_retention"
    Then the response is:
      """json
      { "indices": {
        ".ds-my-data-stream-2024.01.01-000001": { "rollover_date_millis": 1704067200000, "generation_time": "1d", "lifecycle": { "effective_retention": "3d" } },
        ".ds-my-data-stream-2024.01.01-000002": { "rollover_date_millis": 1704067200000, "generation_time": "2d", "lifecycle": { "effective_retention": "3d" } },
        ".ds-my-data-stream-2024.01.01-000003": { "lifecycle": { "effective_retention": "3d" } } } }
      """
    When the clock is set to "2024-01-03T00:00:00Z"
    Then the data stream "my-data-stream" has the backing indices:
      | .ds-my-data-stream-2024.01.01-000001 |
      | .ds-my-data-stream-2024.01.01-000003 |
    When the clock is set to "2024-01-04T00:00:00Z"
    Then the data stream "my-data-stream" has the backing indices:
      | .ds-my-data-stream-2024.01.01-000003 |

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: a retention the global retention overrides is taken with a warning (<profile>)
    # ES `DataStreamLifecycle#addWarningHeaderIfDataRetentionNotEffective`, on the lifecycle API and on
    # templates: the answer says which retention applies instead.
    Given I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.default": "7d", "data_streams.lifecycle.retention.max": "30d" } }
      """
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "365d" }
      """
    Then the response is:
      """json
      { "acknowledged": true }
      """
    And the response has the header "Warning" with:
      """
      299 Elasticsearch-<version> "The retention provided [365d] is exceeding the max allowed data retention of this project [30d]. The max retention of [30d] will be applied"
      """
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { }
      """
    Then the response has the header "Warning" with:
      """
      299 Elasticsearch-<version> "Not providing a retention is not allowed for this project. The default retention of [7d] will be applied."
      """
    When I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "30d" }
      """
    Then the response has no header "Warning"
    # A template warns too; one whose patterns all start with a dot is taken for internal streams' and does not.
    When I send PUT "/_index_template/template" with:
      """json
      { "index_patterns": ["my-data-stream*"], "data_stream": { }, "priority": 500, "template": { "lifecycle": { "data_retention": "90d" } } }
      """
    Then the response has the header "Warning" with:
      """
      299 Elasticsearch-<version> "The retention provided [90d] is exceeding the max allowed data retention of this project [30d]. The max retention of [30d] will be applied"
      """
    When I send PUT "/_index_template/internal" with:
      """json
      { "index_patterns": [".my-internal*"], "data_stream": { }, "priority": 500, "template": { "lifecycle": { "data_retention": "90d" } } }
      """
    Then the response has no header "Warning"
    When I send PUT "/_component_template/no-retention" with:
      """json
      { "template": { "lifecycle": { } } }
      """
    Then the response has the header "Warning" with:
      """
      299 Elasticsearch-<version> "Not providing a retention is not allowed for this project. The default retention of [7d] will be applied."
      """
    # Without global retention nothing is overridden, and nothing is said.
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.retention.*": null } }
      """
    And I send PUT "/_data_stream/my-data-stream/_lifecycle" with:
      """json
      { "data_retention": "365d" }
      """
    Then the response has no header "Warning"

    @profile:8.19
    Examples: 8.19
      | profile | version                                         |
      | 8.19    | 8.19.0-93788a8c2882eb5b606510680fac214cff1c7a22 |

    @profile:9.1
    Examples: 9.1
      | profile | version                                        |
      | 9.1     | 9.1.3-0c781091a2f57de895a73a1391ff8426c0153c8d |
