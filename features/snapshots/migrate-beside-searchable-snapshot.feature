Feature: Snapshots: is migrate injected into a phase that mounts a searchable snapshot?
  7.10 and 7.11 injected `migrate` into a cold phase whatever else it held, and ran it before
  `searchable_snapshot`: with one cold node and a replica the index waited at `check-migration`
  (elastic/elasticsearch#69347). Later 7.x leaves the move to the mounted index
  (`TimeseriesLifecycleType#shouldInjectMigrateStepForPhase` skips a phase with `searchable_snapshot`,
  the check elastic/elasticsearch#81604 points at in 7.16), as 8.x does.

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"
    And a snapshot repository "found-snapshots" of type fs
    And a lifecycle policy "filebeat":
      """json
      { "policy": { "phases": { "cold": { "min_age": "3h", "actions": { "searchable_snapshot": { "snapshot_repository": "found-snapshots" }, "set_priority": { "priority": 0 } } } } } }
      """
    And an index "filebeat-000364" managed by "filebeat"

  Scenario: elastic/elasticsearch#69347: 7.10 injects migrate before the searchable snapshot of a cold phase
    When the clock advances by 3h
    And the clock advances by 10m
    Then the history of "filebeat-000364" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-01T03:00:00.000Z | cold/set_priority/set_priority |
      | 2024-01-01T03:00:00.000Z | cold/unfollow/wait-for-indexing-complete |
      | 2024-01-01T03:00:00.000Z | cold/unfollow/wait-for-follow-shard-tasks |
      | 2024-01-01T03:10:00.000Z | cold/unfollow/pause-follower-index |
      | 2024-01-01T03:10:00.000Z | cold/unfollow/close-follower-index |
      | 2024-01-01T03:10:00.000Z | cold/unfollow/unfollow-follower-index |
      | 2024-01-01T03:10:00.000Z | cold/unfollow/open-follower-index |
      | 2024-01-01T03:10:00.000Z | cold/unfollow/wait-for-yellow-step |
      | 2024-01-01T03:10:00.000Z | cold/migrate/migrate |
      | 2024-01-01T03:10:00.000Z | cold/migrate/check-migration |
      | 2024-01-01T03:10:00.000Z | cold/searchable_snapshot/check-not-write-index |
      | 2024-01-01T03:10:00.000Z | cold/searchable_snapshot/wait-for-shard-history-leases |

  @profile:7.17
  Scenario: elastic/elasticsearch#69347: 7.17 injects no migrate beside searchable_snapshot
    When the clock advances by 1d
    Then the history of "filebeat-000364" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-01T03:00:00.000Z | cold/set_priority/set_priority |
      | 2024-01-01T03:00:00.000Z | cold/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-01T03:00:00.000Z | cold/searchable_snapshot/check-not-write-index |
      | 2024-01-01T03:00:00.000Z | cold/searchable_snapshot/wait-for-shard-history-leases |
      | 2024-01-01T03:10:00.000Z | cold/searchable_snapshot/forcemerge |
      | 2024-01-01T03:10:00.000Z | cold/searchable_snapshot/segment-count |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/generate-snapshot-name |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/cleanup-snapshot |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/create-snapshot |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/mount-snapshot |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/wait-for-index-color |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/copy-execution-state |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/copy-settings |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/branch-on-datastream-check |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/swap-aliases |
      | 2024-01-01T03:20:00.000Z | cold/searchable_snapshot/complete |
