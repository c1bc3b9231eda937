Feature: Snapshots: SLM policies run on their schedule and retention deletes old snapshots
  Every SLM policy takes its snapshot at each fire of its cron `schedule` on the simulated clock (UTC),
  and retention runs on `slm.retention_schedule` (default `0 30 1 * * ?`, 01:30 UTC every night),
  deleting a policy's snapshots by `expire_after`, `min_count` and `max_count` as ES decides. At one
  instant the policies fire before retention, and both before that instant's ILM poll tick.

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"
    And a snapshot repository "backups" of type fs

  Scenario: Snapshots: a nightly policy run for a month keeps the last week of snapshots
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups",
        "retention": { "expire_after": "7d", "min_count": 3, "max_count": 10 } }
      """
    When the clock advances by 31d
    Then the repository "backups" has 8 snapshots
    And the SLM stats show:
      | retention_runs                        | 31      |
      | retention_failed                      | 0       |
      | retention_deletion_time               | 0s      |
      | total_snapshots_taken                 | 31      |
      | total_snapshots_failed                | 0       |
      | total_snapshots_deleted               | 23      |
      | policy_stats.0.policy                 | nightly |
      | policy_stats.0.snapshots_deleted      | 23      |
    When I send GET "/_snapshot/backups/_all"
    Then the response has:
      | responses.0.snapshots.0.start_time_in_millis | 1706059800000 |
      | responses.0.snapshots.7.start_time_in_millis | 1706664600000 |
    When I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_success.time          | 1706664600000 |
      | nightly.next_execution_millis      | 1706751000000 |
      | nightly.stats.snapshots_taken      | 31            |
      | nightly.stats.snapshots_deleted    | 23            |

  Scenario: Snapshots: max_count deletes the oldest snapshots beyond it
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups",
        "retention": { "expire_after": "30d", "max_count": 5 } }
      """
    When the clock advances by 10d
    Then the repository "backups" has 5 snapshots
    And the SLM stats show:
      | total_snapshots_taken   | 10 |
      | total_snapshots_deleted | 5  |

  Scenario: Snapshots: retention deletes only the policy's own snapshots
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "retention": { "max_count": 1 } }
      """
    And I send PUT "/_snapshot/backups/by-hand" with:
      """json
      { "indices": "*" }
      """
    When the clock advances by 3d
    Then the repository "backups" has the snapshots:
      | by-hand                                        |
      | nightly-snap-2024.01.03-wbly8lqwsmutz5ujtmz3ua |

  Scenario: Snapshots: min_count keeps snapshots older than expire_after
    Given an SLM policy "weekly":
      """json
      { "schedule": "0 0 2 ? * MON", "name": "weekly-snap", "repository": "backups",
        "retention": { "expire_after": "1d", "min_count": 3 } }
      """
    When the clock advances by 30d
    Then the repository "backups" has 3 snapshots
    And the SLM stats show:
      | total_snapshots_taken   | 5 |
      | total_snapshots_deleted | 2 |

  Scenario: Snapshots: a retention schedule set in the cluster settings moves the runs
    Given an SLM policy "hourly":
      """json
      { "schedule": "0 0 * * * ?", "name": "hourly-snap", "repository": "backups", "retention": { "max_count": 2 } }
      """
    When I send PUT "/_cluster/settings" with:
      """json
      { "persistent": { "slm.retention_schedule": "0 45 11 * * ?" } }
      """
    And the clock advances by 12h
    Then the repository "backups" has 3 snapshots
    And the SLM stats show:
      | retention_runs          | 1  |
      | total_snapshots_taken   | 12 |
      | total_snapshots_deleted | 9  |

  Scenario: Snapshots: SLM stopped takes no scheduled snapshot and runs no scheduled retention
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "retention": { "max_count": 1 } }
      """
    When I send POST "/_slm/stop"
    And the clock advances by 3d
    Then the repository "backups" has 0 snapshots
    And the SLM stats show:
      | retention_runs        | 0 |
      | total_snapshots_taken | 0 |
    When I send POST "/_slm/start"
    And the clock advances by 1d
    Then the repository "backups" has 1 snapshot
    When I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_success.time | 1704331800000 |

  Scenario: Snapshots: a scheduled run whose repository is gone is recorded as the policy's last failure
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "nightly-snap", "repository": "backups" }
      """
    When I send DELETE "/_snapshot/backups"
    And the clock advances by 1d
    And I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_failure.time     | 1704072600000                                                          |
      | nightly.last_failure.details  | "{\"type\":\"repository_missing_exception\",\"reason\":\"[backups] missing\"}" |
      | nightly.stats.snapshots_failed | 1                                                                      |
    And the SLM stats show:
      | total_snapshots_failed | 1 |

  Scenario: Snapshots: an updated policy runs on its new schedule, a deleted one no more
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "nightly-snap", "repository": "backups" }
      """
    And an SLM policy "nightly":
      """json
      { "schedule": "0 0 12 * * ?", "name": "noon-snap", "repository": "backups" }
      """
    When the clock advances by 1d
    And I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_success.time | 1704110400000 |
    When I send DELETE "/_slm/policy/nightly"
    And the clock advances by 2d
    Then the repository "backups" has 1 snapshot

  @profile:8.19
  Scenario: Snapshots: a time-unit schedule runs every interval from the policy's last change (8.19)
    Given the clock advances by 10m
    And an SLM policy "six-hourly":
      """json
      { "schedule": "6h", "name": "six-hourly-snap", "repository": "backups" }
      """
    When the clock advances by 1d
    Then the repository "backups" has 4 snapshots
    When I send GET "/_slm/policy/six-hourly"
    Then the response has:
      | six-hourly.last_success.start_time | 1704154200000 |
      | six-hourly.next_execution_millis   | 1704175800000 |

  Scenario: Snapshots: a time-unit schedule is not a cron before 8.16 (7.10)
    When I send PUT "/_slm/policy/six-hourly" with:
      """json
      { "schedule": "6h", "name": "six-hourly-snap", "repository": "backups" }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: invalid schedule: invalid cron expression [6h];"

  Scenario: Snapshots: wait_for_snapshot in a delete phase waits for the nightly snapshot (7.10)
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "config": { "indices": ["*"] } }
      """
    And a lifecycle policy "backed-up-delete":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "wait_for_snapshot": { "policy": "nightly" }, "delete": {} } } } } }
      """
    And an index "logs" managed by "backed-up-delete"
    When the clock advances by 1d
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 1h
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 30m
    Then the index "logs" does not exist

  @profile:8.19
  Scenario: Snapshots: wait_for_snapshot in a delete phase waits for the nightly snapshot (8.19)
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "config": { "indices": ["*"] } }
      """
    And a lifecycle policy "backed-up-delete":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "wait_for_snapshot": { "policy": "nightly" }, "delete": {} } } } } }
      """
    And an index "logs" managed by "backed-up-delete"
    When the clock advances by 1d
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 1h
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 30m
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
    When the clock advances by 20m
    Then the index "logs" does not exist
