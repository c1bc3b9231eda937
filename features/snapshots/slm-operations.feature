Feature: Snapshots: the SLM calls the official clients make
  The clients execute a policy with `PUT /_slm/policy/<id>/_execute` (the method the API specification
  gives; `POST` works too), read the counters of `GET /_slm/stats`, stop and start SLM and ask for a
  retention run. A retention run is counted only when some policy has a retention: with none, ES's
  retention task returns before it records the run.

  Background:
    Given a snapshot repository "backups" of type fs
    And an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "retention": { "expire_after": "30d" } }
      """

  Scenario: Snapshots: a retention run with no policy that has a retention is not counted
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups" }
      """
    When I send POST "/_slm/_execute_retention"
    And I send GET "/_slm/stats"
    Then the response is:
      """json
      {"retention_runs":0,"retention_failed":0,"retention_timed_out":0,"retention_deletion_time":"0s","retention_deletion_time_millis":0,"total_snapshots_taken":0,"total_snapshots_failed":0,"total_snapshots_deleted":0,"total_snapshot_deletion_failures":0,"policy_stats":[]}
      """

  Scenario: Snapshots: PUT executes a policy, and the stats count it
    When I send PUT "/_slm/policy/nightly/_execute"
    Then the response has the keys "snapshot_name"
    When I send POST "/_slm/_execute_retention"
    Then the response is:
      """json
      {"acknowledged":true}
      """
    When I send GET "/_slm/stats"
    Then the response is:
      """json
      {"retention_runs":1,"retention_failed":0,"retention_timed_out":0,"retention_deletion_time":"0s","retention_deletion_time_millis":0,"total_snapshots_taken":1,"total_snapshots_failed":0,"total_snapshots_deleted":0,"total_snapshot_deletion_failures":0,"policy_stats":[{"policy":"nightly","snapshots_taken":1,"snapshots_failed":0,"snapshots_deleted":0,"snapshot_deletion_failures":0}]}
      """

  Scenario: Snapshots: SLM stops and starts
    When I send POST "/_slm/stop"
    And I send GET "/_slm/status"
    Then the response is:
      """json
      {"operation_mode":"STOPPED"}
      """
    When I send POST "/_slm/start"
    And I send GET "/_slm/status"
    Then the response is:
      """json
      {"operation_mode":"RUNNING"}
      """
