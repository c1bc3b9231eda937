Feature: Snapshots: the SLM calls the official clients make
  The clients execute a policy with `PUT /_slm/policy/<id>/_execute` (the method the API specification
  gives; `POST` works too), read the counters of `GET /_slm/stats`, stop and start SLM and ask for a
  retention run. The simulator takes a snapshot at once and applies no retention (a documented
  divergence), so a retention run is only counted.

  Background:
    Given a snapshot repository "backups" of type fs
    And an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups" }
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
