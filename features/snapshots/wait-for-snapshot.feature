Feature: Snapshots: wait_for_snapshot holds the delete phase until an SLM policy has run
  The `wait-for-snapshot` step waits until the named SLM policy has taken a snapshot since the index
  reached it. In 7.10 it is a cluster-state wait (it moves as soon as the snapshot finishes); in 8.x
  it is an async wait checked on poll ticks, and the snapshot must include the index. The policy also
  runs on its schedule (01:30 UTC every night): the run of the first night came before the index
  reached the step, so it does not count.

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"
    And a snapshot repository "backups" of type fs
    And an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "config": { "indices": ["*"] } }
      """
    And a lifecycle policy "backed-up-delete":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "wait_for_snapshot": { "policy": "nightly" }, "delete": {} } } } } }
      """
    And an index "logs" managed by "backed-up-delete"

  Scenario: Snapshots: wait_for_snapshot waits, then moves on the moment the SLM policy runs (7.10)
    When the clock advances by 1d
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    And the explain record of "logs" has:
      | step_info.message | waiting for policy 'nightly' to be executed since Tue Jan 02 00:00:00 UTC 2024 |
    When the SLM policy "nightly" is executed
    Then the response has:
      | snapshot_name | nightly-snap-2024.01.02-njssf4igt5w0xnarihln7w |
    And "logs" is at step delete/delete/wait-for-shard-history-leases
    When I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_success.snapshot_name | nightly-snap-2024.01.02-njssf4igt5w0xnarihln7w |
      | nightly.last_success.time          | 1704153600000                                  |
      | nightly.next_execution_millis      | 1704159000000                                  |
      | nightly.stats.snapshots_taken      | 2                                              |

  @profile:8.19
  Scenario: Snapshots: wait_for_snapshot completes on the poll tick after the SLM policy runs (8.19)
    When the clock advances by 1d
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 10m
    Then the explain record of "logs" has:
      | step_info.message | waiting for policy 'nightly' to be executed since Tue Jan 02 00:00:00 UTC 2024 |
    When the SLM policy "nightly" is executed
    Then "logs" is at step delete/wait_for_snapshot/wait-for-snapshot
    When the clock advances by 10m
    Then "logs" is at step delete/delete/wait-for-shard-history-leases
    When I send GET "/_slm/policy/nightly"
    Then the response has:
      | nightly.last_success.start_time | 1704154200000 |

  @profile:8.19
  Scenario: Snapshots: the last snapshot must include the index (8.19)
    Given an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-snap-{now/d}>", "repository": "backups", "config": { "indices": ["other-*"] } }
      """
    When the clock advances by 1d
    And the SLM policy "nightly" is executed
    And the clock advances by 10m
    Then "logs" is at step delete/wait_for_snapshot/ERROR
    And the explain record of "logs" has:
      | step_info.type   | illegal_state_exception                                                   |
      | step_info.reason | the last successful snapshot of policy 'nightly' does not include index 'logs' |

  Scenario: Snapshots: a deleted SLM policy fails the step (7.10)
    When I send DELETE "/_slm/policy/nightly"
    And the clock advances by 1d
    Then "logs" is at step delete/wait_for_snapshot/ERROR
    And the explain record of "logs" has:
      | step_info.type   | illegal_state_exception             |
      | step_info.reason | configured policy 'nightly' not found |
