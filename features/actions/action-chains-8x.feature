Feature: Actions: every step of each action in 8.19 and 9.1
  Each scenario takes an index through one action under the modern releases and checks, through the
  lifecycle history, every step it visits and when (poll ticks every 10m; async waits wait for one).


  Scenario Outline: Actions (<profile>): set_priority, one settings update, then the injected migrate (with its 8.x skip branch)
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "set_priority": { "priority": 10 } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/set_priority/set_priority |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): readonly, the time-series end wait costs a poll tick even for an ordinary index
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "readonly": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/readonly/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/readonly/check-ts-end-time-passed |
      | 2024-01-02T00:10:00.000Z | warm/readonly/readonly |
      | 2024-01-02T00:10:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:10:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:10:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:10:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): forcemerge, no write block any more; the codec detour closes and reopens the index
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1, "index_codec": "best_compression" } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/branch-forcemerge-check-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/check-ts-end-time-passed |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/close-index |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/update-settings |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/open-index |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/wait-for-index-color |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/forcemerge |
      | 2024-01-02T00:10:00.000Z | warm/forcemerge/segment-count |
      | 2024-01-02T00:20:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): unfollow, the skip branch passes over an index that is not a follower
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "unfollow": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): migrate, the skip branch, the tier preference, and the wait for the shards to move
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "migrate": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | cold/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | cold/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): delete, two async waits (shard history leases, time-series end), then the snapshot cleanup and the delete
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | delete/delete/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | delete/delete/check-ts-end-time-passed |
      | 2024-01-02T00:20:00.000Z | delete/delete/cleanup-snapshot |
      | 2024-01-02T00:20:00.000Z | delete/delete/delete |
      | 2024-01-02T00:20:00.000Z | delete/delete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): shrink, the source index: it ends when the alias step removes it (its history records the removal)
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And an index "logs" with settings:
      | index.number_of_shards | 2 |
      | index.lifecycle.name   | p |
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/shrink/branch-check-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/shrink/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/shrink/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-ts-end-time-passed |
      | 2024-01-02T00:20:00.000Z | warm/shrink/readonly |
      | 2024-01-02T00:20:00.000Z | warm/shrink/check-target-shards-count |
      | 2024-01-02T00:20:00.000Z | warm/shrink/cleanup-shrink-index |
      | 2024-01-02T00:20:00.000Z | warm/shrink/generate-index-name |
      | 2024-01-02T00:20:00.000Z | warm/shrink/set-single-node-allocation |
      | 2024-01-02T00:20:00.000Z | warm/shrink/check-shrink-allocation |
      | 2024-01-02T00:20:00.000Z | warm/shrink/shrink |
      | 2024-01-02T00:20:00.000Z | warm/shrink/shrunk-shards-allocated |
      | 2024-01-02T00:20:00.000Z | warm/shrink/copy-execution-state |
      | 2024-01-02T00:20:00.000Z | warm/shrink/branch-on-datastream-check |
      | 2024-01-02T00:20:00.000Z | warm/shrink/aliases |
      | 2024-01-02T00:20:00.000Z | warm/shrink/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): rollover, the injected unfollow is skipped; the rollover itself runs within one poll tick
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 1 } } } } } }
      """
    And an index "logs-000001" created with:
      """json
      { "settings": { "index.lifecycle.name": "p", "index.lifecycle.rollover_alias": "logs" }, "aliases": { "logs": { "is_write_index": true } } }
      """
    And 1 documents of 1kb are indexed into "logs"
    When the clock advances by 2d
    Then the history of "logs-000001" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-01T00:00:00.000Z | hot/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-01T00:00:00.000Z | hot/rollover/check-rollover-ready |
      | 2024-01-01T00:10:00.000Z | hot/rollover/attempt-rollover |
      | 2024-01-01T00:10:00.000Z | hot/rollover/wait-for-active-shards |
      | 2024-01-01T00:10:00.000Z | hot/rollover/update-rollover-lifecycle-date |
      | 2024-01-01T00:10:00.000Z | hot/rollover/set-indexing-complete |
      | 2024-01-01T00:10:00.000Z | hot/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): allocate, its settings update and wait, then migrate beside it (8.x injects it even with rules)
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "number_of_replicas": 0, "include": { "box": "warm" } } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/allocate/allocate |
      | 2024-01-02T00:00:00.000Z | warm/allocate/check-allocation |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): searchable_snapshot in cold, from the prerequisites to the mounted index
    Given the simulator mirrors Elasticsearch "<profile>"
    And a snapshot repository "backups" of type fs
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | cold/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | cold/searchable_snapshot/branch-check-prerequisites |
      | 2024-01-02T00:00:00.000Z | cold/searchable_snapshot/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | cold/searchable_snapshot/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | cold/searchable_snapshot/check-ts-end-time-passed |
      | 2024-01-02T00:20:00.000Z | cold/searchable_snapshot/branch-check-existing-snapshot |
      | 2024-01-02T00:20:00.000Z | cold/searchable_snapshot/forcemerge |
      | 2024-01-02T00:20:00.000Z | cold/searchable_snapshot/segment-count |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/generate-snapshot-name |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/cleanup-snapshot |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/create-snapshot |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/wait-for-data-tier |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/mount-snapshot |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/wait-for-index-color |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/copy-execution-state |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/copy-settings |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/branch-on-datastream-check |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/swap-aliases |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/complete |
    And the history of "restored-logs" is:
      | at                       | to |
      | 2024-01-02T00:30:00.000Z | cold/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): wait_for_snapshot waits for the SLM policy to run, then delete
    Given the simulator mirrors Elasticsearch "<profile>"
    And a snapshot repository "backups" of type fs
    And an SLM policy "nightly":
      """json
      { "schedule": "0 30 1 * * ?", "name": "<nightly-{now/d}>", "repository": "backups", "config": { "indices": ["*"] } }
      """
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "wait_for_snapshot": { "policy": "nightly" }, "delete": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 1d
    And the clock advances by 1h
    And the SLM policy "nightly" is executed
    And the clock advances by 1d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | delete/wait_for_snapshot/wait-for-snapshot |
      | 2024-01-02T01:10:00.000Z | delete/delete/wait-for-shard-history-leases |
      | 2024-01-02T01:20:00.000Z | delete/delete/check-ts-end-time-passed |
      | 2024-01-02T01:30:00.000Z | delete/delete/cleanup-snapshot |
      | 2024-01-02T01:30:00.000Z | delete/delete/delete |
      | 2024-01-02T01:30:00.000Z | delete/delete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |

  Scenario Outline: Actions (<profile>): downsample of a time-series index, then the downsampled index goes on
    Given the simulator mirrors Elasticsearch "<profile>"
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "downsample": { "fixed_interval": "1h" } } } } } }
      """
    And an index "metrics" created with:
      """json
      { "settings": { "index.lifecycle.name": "p", "index.mode": "time_series", "index.routing_path": "host", "index.time_series.start_time": "2023-12-31T00:00:00Z", "index.time_series.end_time": "2024-01-01T12:00:00Z" } }
      """
    When the clock advances by 2d
    Then the history of "metrics" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/downsample/branch-on-timeseries-check |
      | 2024-01-02T00:00:00.000Z | warm/downsample/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/downsample/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | warm/downsample/check-ts-end-time-passed |
      | 2024-01-02T00:20:00.000Z | warm/downsample/readonly |
      | 2024-01-02T00:20:00.000Z | warm/downsample/generate-downsampled-index-name |
      | 2024-01-02T00:20:00.000Z | warm/downsample/rollup |
      | 2024-01-02T00:20:00.000Z | warm/downsample/wait-for-index-color |
      | 2024-01-02T00:20:00.000Z | warm/downsample/copy-execution-state |
      | 2024-01-02T00:20:00.000Z | warm/downsample/copy-settings |
      | 2024-01-02T00:20:00.000Z | warm/downsample/branch-on-datastream-check |
      | 2024-01-02T00:20:00.000Z | warm/downsample/swap-aliases |
      | 2024-01-02T00:20:00.000Z | warm/downsample/complete |
    And the history of "downsample-1h-metrics" is:
      | at                       | to |
      | 2024-01-02T00:20:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:20:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:20:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:20:00.000Z | warm/complete/complete |

    Examples:
      | profile |
      | 8.19    |
      | 9.1     |
