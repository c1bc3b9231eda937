Feature: Data stream lifecycle: the settings ES documents for it
  ES's page of data stream lifecycle settings (9.x `docs/reference/elasticsearch/configuration-reference/
  data-stream-lifecycle-settings.md`, 8.x `docs/reference/settings/data-stream-lifecycle-settings.asciidoc`):
  the tail merge the lifecycle runs on a generation once it is rolled over sets `index.merge.policy.merge_factor` and
  `index.merge.policy.floor_segment` on it from `data_streams.lifecycle.target.merge.policy.*`, and each
  dynamic setting is checked as ES types it (ES `DataStreamLifecycleService`: an int of at least 2, a
  byte size, an int of at least 1); a bad value is refused and changes nothing.

  Background:
    Given an index template "my-template":
      """json
      { "index_patterns": ["my-*"], "data_stream": {}, "priority": 500, "template": { "lifecycle": {} } }
      """
    And I create the data stream "my-data-stream"

  Scenario Outline: Data stream lifecycle docs: the tail merge takes its target merge policy from the cluster settings (<profile>)
    Given I roll over "my-data-stream"
    # The first run after the rollover sets the target merge policy; the next one force merges.
    When the clock advances by 10m
    And I send GET "/.ds-my-data-stream-*/_settings?filter_path=*.settings.index.merge"
    Then the response is:
      """json
      { ".ds-my-data-stream-2024.01.01-000001": { "settings": { "index": { "merge": { "policy": { "floor_segment": "100mb", "merge_factor": "16" } } } } } }
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.target.merge.policy.merge_factor": 20, "data_streams.lifecycle.target.merge.policy.floor_segment": "50mb" } }
      """
    Then the response status is 200
    # The merged generation is done with; the next one gets the new target.
    When I roll over "my-data-stream"
    And the clock advances by 5m
    And I send GET "/.ds-my-data-stream-*/_settings?filter_path=*.settings.index.merge"
    Then the response is:
      """json
      { ".ds-my-data-stream-2024.01.01-000001": { "settings": { "index": { "merge": { "policy": { "floor_segment": "100mb", "merge_factor": "16" } } } } },
        ".ds-my-data-stream-2024.01.01-000002": { "settings": { "index": { "merge": { "policy": { "floor_segment": "50mb", "merge_factor": "20" } } } } } }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |

  Scenario Outline: Data stream lifecycle docs: a merge or signalling setting of the wrong kind is refused (<profile>)
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.target.merge.policy.merge_factor": 1 } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Failed to parse value [1] for setting [data_streams.lifecycle.target.merge.policy.merge_factor] must be >= 2"
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.signalling.error_retry_interval": 0 } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "Failed to parse value [0] for setting [data_streams.lifecycle.signalling.error_retry_interval] must be >= 1"
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "data_streams.lifecycle.target.merge.policy.floor_segment": "abc", "data_streams.lifecycle.poll_interval": "1m" } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "failed to parse setting [data_streams.lifecycle.target.merge.policy.floor_segment] with value [abc] as a size in bytes: unit is missing or unrecognized"
    And the root cause is "illegal_argument_exception" with reason "failed to parse setting [data_streams.lifecycle.target.merge.policy.floor_segment] with value [abc] as a size in bytes: unit is missing or unrecognized"
    And the response has:
      | error.caused_by.type | parse_exception |
    When I send GET "/_cluster/settings"
    Then the response is:
      """json
      { "persistent": {}, "transient": {} }
      """

    @profile:8.19
    Examples: 8.19
      | profile |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | profile |
      | 9.1     |
