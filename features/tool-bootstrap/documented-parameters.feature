Feature: Tool bootstrap: the documented parameters the official clients send
  The clients send parameters their API specification documents; a simulator that refused them with
  "unrecognized parameter" would stop the client. Documents are counted, not stored, so a write with an
  id always creates, and a write conditional on a sequence number finds no document.

  Scenario: Tool bootstrap: documents with ids, _create, and the version checks
    Given an index "logs-1" without a policy
    When I send PUT "/logs-1/_doc/a" with:
      """json
      { "message": "hello" }
      """
    Then the response has:
      | _id     | a       |
      | result  | created |
    When I send PUT "/logs-1/_create/b?version=7&version_type=external" with:
      """json
      { "message": "hello" }
      """
    Then the response has:
      | _id      | b |
      | _version | 7 |
    When I send PUT "/logs-1/_doc/a?if_seq_no=0&if_primary_term=1" with:
      """json
      { "message": "again" }
      """
    Then the request fails with status 409 and error "version_conflict_engine_exception"
    When I send GET "/_cat/indices/logs-1?h=docs.count"
    Then the response is:
      """
      2

      """

  Scenario: Tool bootstrap: GET index features, PUT /_settings with reopen
    Given an index "logs-1" without a policy
    When I send PUT "/_settings?reopen=true" with:
      """json
      { "index.number_of_replicas": 0 }
      """
    And I send GET "/logs-1?features=settings&filter_path=*.settings.index.number_of_replicas,*.aliases"
    Then the response is:
      """json
      {"logs-1":{"settings":{"index":{"number_of_replicas":"0"}}}}
      """

  @profile:8.19
  Scenario: Tool bootstrap: snapshot listing with sort, order and size (8.x)
    Given a snapshot repository "backups" of type fs
    And an index "logs-1" without a policy
    When I send PUT "/_snapshot/backups/b-snap?wait_for_completion=true" with:
      """json
      { "indices": "logs-1" }
      """
    And the clock advances by 1h
    And I send PUT "/_snapshot/backups/a-snap?wait_for_completion=true" with:
      """json
      { "indices": "logs-1" }
      """
    And I send GET "/_snapshot/backups/_all?sort=name&size=1&filter_path=snapshots.snapshot,total,remaining"
    Then the response is:
      """json
      {"snapshots":[{"snapshot":"a-snap"}],"total":2,"remaining":1}
      """
    When I send GET "/_snapshot/backups/_all?order=desc&filter_path=snapshots.snapshot"
    Then the response is:
      """json
      {"snapshots":[{"snapshot":"a-snap"},{"snapshot":"b-snap"}]}
      """

  Scenario: Tool bootstrap: 7.10 did not know the snapshot paging parameters
    Given a snapshot repository "backups" of type fs
    When I send GET "/_snapshot/backups/_all?sort=name"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      request [/_snapshot/backups/_all] contains unrecognized parameter: [sort]
      """
