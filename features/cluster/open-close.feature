Feature: Cluster: closing and opening an index
  `POST /<index>/_close` and `POST /<index>/_open` flip an index's state as ES's MetadataIndexStateService
  does. 6.x answers a bare acknowledgement to a close; from 7.3 the answer lists the indices it closed,
  and from 7.2 a closed index carries `index.verified_before_close`. Wildcards close open indices and
  open closed ones; a write to a closed index is refused with ES's `index_closed_exception`. ILM's poll
  still reaches a managed closed index, and explain by name answers for it.

  Background:
    Given a lifecycle policy "logs":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And an index "logs-000001" managed by "logs"

  @profile:6.6
  Scenario: Cluster: closing answers a bare acknowledgement (6.6)
    When I send POST "/logs-000001/_close"
    Then the response is:
      """json
      {"acknowledged":true}
      """
    When I send GET "/_cat/indices?h=index,status"
    Then the response status is 200
    When I send GET "/logs-000001/_settings?flat_settings&filter_path=*.settings.index.verified_before_close"
    Then the response is:
      """json
      {}
      """

  Scenario: Cluster: closing lists the closed indices and marks them verified (7.10)
    When I send POST "/logs-*/_close"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true,"indices":{"logs-000001":{"closed":true}}}
      """
    When I send POST "/logs-*/_close"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":false,"indices":{}}
      """
    When I send GET "/_cluster/state/metadata?filter_path=metadata.indices.*.state,metadata.indices.*.settings.index.verified_before_close"
    Then the response is:
      """json
      {"metadata":{"indices":{"logs-000001":{"state":"close","settings":{"index":{"verified_before_close":"true"}}}}}}
      """
    When I send POST "/logs-000001/_doc" with:
      """json
      {"message":"hello"}
      """
    Then the request fails with status 400 and error "index_closed_exception"
    When I send GET "/logs-000001/_ilm/explain?filter_path=indices.*.managed,indices.*.policy"
    Then the response is:
      """json
      {"indices":{"logs-000001":{"managed":true,"policy":"logs"}}}
      """
    When I send POST "/logs-*/_open"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true}
      """
    When I send GET "/_cluster/state/metadata?filter_path=metadata.indices.*.state,metadata.indices.*.settings.index.verified_before_close"
    Then the response is:
      """json
      {"metadata":{"indices":{"logs-000001":{"state":"open"}}}}
      """

  @profile:8.19
  Scenario: Cluster: ILM deletes a managed closed index (8.19)
    When I send POST "/logs-000001/_close"
    Then the response is:
      """json
      {"acknowledged":true,"shards_acknowledged":true,"indices":{"logs-000001":{"closed":true}}}
      """
    When the clock advances until "logs-000001" does not exist within 2d
    When I send GET "/_cat/indices?h=index"
    Then the response status is 200
