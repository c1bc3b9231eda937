Feature: Snapshots: the searchable_snapshot action mounts the index from a snapshot
  The action snapshots the index into the policy's repository, mounts it as `restored-<index>`
  (`partial-<index>` in the frozen phase), hands it the execution state and the policy, then deletes
  the source and gives its name to the mounted index as an alias. Explain then names the repository
  and the snapshot.

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"

  Scenario: Snapshots: searchable_snapshot in cold (7.10: no prerequisite branch, ends on cold/complete)
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "to-cold":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs" managed by "to-cold"
    When the clock advances by 1d
    Then "logs" is at step cold/unfollow/wait-for-follow-shard-tasks
    When the clock advances by 10m
    Then "logs" is at step cold/searchable_snapshot/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "logs" is at step cold/searchable_snapshot/segment-count
    When the clock advances by 10m
    Then the explain record of "restored-logs" is exactly:
      """json
      {"index":"restored-logs","managed":true,"policy":"to-cold","lifecycle_date_millis":1704067200000,"age":"1.02d","phase":"cold","action":"complete","step":"complete","repository_name":"backups","snapshot_name":"2024.01.02-logs-to-cold-qrayttbzse2eqt5he9ceiw"}
      """
    When I send GET "/logs/_settings"
    Then the response has:
      | restored-logs.settings.index.store.type                         | snapshot                                      |
      | restored-logs.settings.index.store.snapshot.repository_name     | backups                                       |
      | restored-logs.settings.index.store.snapshot.snapshot_name       | 2024.01.02-logs-to-cold-qrayttbzse2eqt5he9ceiw |
      | restored-logs.settings.index.store.snapshot.index_name          | logs                                          |
    When I send GET "/_snapshot/backups/_all"
    Then the response has:
      | responses.0.repository            | backups |
      | responses.0.snapshots.0.indices.0 | logs    |
      | responses.0.snapshots.0.state     | SUCCESS |

  @profile:8.19
  Scenario: Snapshots: searchable_snapshot in cold (8.19: prerequisites, existing-snapshot branch, data tier wait)
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "to-cold":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs" managed by "to-cold"
    When the clock advances by 1d
    Then "logs" is at step cold/searchable_snapshot/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "logs" is at step cold/searchable_snapshot/check-ts-end-time-passed
    When the clock advances by 10m
    Then "logs" is at step cold/searchable_snapshot/segment-count
    And the explain record of "logs" has no "repository_name"
    When the clock advances by 10m
    Then "restored-logs" is at step cold/complete/complete
    And the explain record of "restored-logs" has:
      | repository_name    | backups                                        |
      | snapshot_name      | 2024.01.02-logs-to-cold-qrayttbzse2eqt5he9ceiw |
      | phase_time_millis  | 1704153600000                                  |
      | action_time_millis | 1704153600000                                  |
    When I send GET "/logs/_settings"
    Then the response has:
      | restored-logs.settings.index.routing.allocation.include._tier_preference | data_cold,data_warm,data_hot |
      | restored-logs.settings.index.number_of_replicas                            | "0"                          |
    When I send GET "/_snapshot/backups/_all"
    Then the response has:
      | total                          | 1       |
      | snapshots.0.repository         | backups |
      | snapshots.0.include_global_state | false |

  @profile:8.19
  Scenario: Snapshots: searchable_snapshot in frozen mounts a partial index (8.19)
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "to-frozen":
      """json
      { "policy": { "phases": { "frozen": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "force_merge_index": false } } } } } }
      """
    And an index "logs" managed by "to-frozen"
    When the clock advances by 1d
    Then "logs" is at step frozen/searchable_snapshot/wait-for-shard-history-leases
    When the clock advances by 10m
    Then "logs" is at step frozen/searchable_snapshot/check-ts-end-time-passed
    When the clock advances by 10m
    Then "partial-logs" is at step frozen/complete/complete
    And the explain record of "partial-logs" has:
      | repository_name | backups                                          |
      | snapshot_name   | 2024.01.02-logs-to-frozen-qrayttbzse2eqt5he9ceiw |
    When I send GET "/partial-logs/_settings"
    Then the response has:
      | partial-logs.settings.index.store.snapshot.partial                       | "true"      |
      | partial-logs.settings.index.routing.allocation.include._tier_preference | data_frozen |

  @profile:8.19
  Scenario: Snapshots: a repository removed after the policy was stored fails generate-snapshot-name
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "to-cold":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "force_merge_index": false } } } } } }
      """
    And an index "logs" managed by "to-cold"
    When I send DELETE "/_snapshot/backups"
    And the clock advances by 1d
    And the clock advances by 20m
    Then "logs" is at step cold/searchable_snapshot/ERROR
    And the explain record of "logs" has:
      | failed_step      | generate-snapshot-name                                                                                                              |
      | step_info.type   | illegal_state_exception                                                                                                             |
      | step_info.reason | repository [backups] is missing. [to-cold] policy for index [logs] cannot continue until the repository is created or the policy is changed |

  @profile:8.19 @issue-13
  Scenario: In 8.x a cold allocate after searchable_snapshot runs on the mounted index
    In 8.x the cold phase mounts the snapshot before it allocates, so `allocate` runs on the mounted
    index, which copy-execution-state placed on the action's first step (ES runs that async step for
    the spawned index once the update is done).
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "cold-mount":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": {
        "allocate": { "number_of_replicas": 0 }, "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs-1" managed by "cold-mount"
    When the clock advances until "restored-logs-1" is at step cold/complete/complete within 2d
    And I send GET "/restored-logs-1/_settings/index.number_of_replicas?flat_settings"
    Then the response is:
      """json
      {"restored-logs-1":{"settings":{"index.number_of_replicas":"0"}}}
      """

  @profile:9.1 @issue-13
  Scenario: In 9.1 too, the mounted index runs the cold allocate
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "cold-mount":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": {
        "allocate": { "number_of_replicas": 0 }, "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs-1" managed by "cold-mount"
    When the clock advances until "restored-logs-1" is at step cold/complete/complete within 2d
