Feature: Snapshots: repositories, snapshots and SLM policies answer as Elasticsearch does

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"

  Scenario: Snapshots: a repository without a type is refused
    When I send PUT "/_snapshot/backups" with:
      """json
      { "settings": { "location": "/mnt/backups" } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: type is missing;"

  Scenario: Snapshots: an unknown repository type is refused
    When I send PUT "/_snapshot/backups" with:
      """json
      { "type": "ftp", "settings": {} }
      """
    Then the request fails with status 500, error "repository_exception" and reason "[backups] repository type [ftp] does not exist"

  Scenario: Snapshots: repositories are listed with their settings as strings
    Given a snapshot repository "backups" of type fs
    When I send GET "/_snapshot"
    Then the response is:
      """json
      {"backups":{"type":"fs","settings":{"location":"/mnt/snapshots/backups"}}}
      """
    When I send GET "/_snapshot/missing"
    Then the request fails with status 404, error "repository_missing_exception" and reason "[missing] missing"

  Scenario: Snapshots: a snapshot taken with wait_for_completion reports its info (7.10)
    Given a snapshot repository "backups" of type fs
    And an index "logs" without a policy
    When I send PUT "/_snapshot/backups/snap-1?wait_for_completion=true" with:
      """json
      { "indices": "logs" }
      """
    Then the response has:
      | snapshot.snapshot    | snap-1                   |
      | snapshot.indices.0   | logs                     |
      | snapshot.state       | SUCCESS                  |
      | snapshot.start_time  | 2024-01-01T00:00:00.000Z |
      | snapshot.version     | 7.10.2                   |
    When I send PUT "/_snapshot/backups/snap-1" with:
      """json
      { "indices": "logs" }
      """
    Then the request fails with status 400, error "invalid_snapshot_name_exception" and reason "[backups:snap-1] Invalid snapshot name [snap-1], snapshot with the same name already exists"

  Scenario: Snapshots: an SLM policy needs an existing repository
    When I send PUT "/_slm/policy/nightly" with:
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups" }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "no such repository [backups]"

  Scenario: Snapshots: SLM status
    When I send GET "/_slm/status"
    Then the response is:
      """json
      {"operation_mode":"RUNNING"}
      """
