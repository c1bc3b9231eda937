Feature: Actions: every step of each action in 7.10 and 6.6
  Each scenario takes an index through one action and checks, through the lifecycle history, every
  step it visits and when. 7.10 injects `unfollow` (no skip branch yet: its async wait costs a poll
  tick) and `migrate`; 6.6 injects nothing and ends a policy at `completed/completed/completed`.


  @profile:7.10
  Scenario: Actions (7.10): set_priority, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "set_priority": { "priority": 10 } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/set_priority/set_priority |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

  @profile:7.10
  Scenario: Actions (7.10): readonly, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "readonly": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/readonly/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/readonly/readonly |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

  @profile:6.6
  Scenario: Actions (6.6): readonly, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "readonly": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/readonly/readonly |
      | 2024-01-02T00:00:00.000Z | completed/completed/completed |

  @profile:7.10
  Scenario: Actions (7.10): forcemerge, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/readonly |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/forcemerge |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/segment-count |
      | 2024-01-02T00:10:00.000Z | warm/complete/complete |

  @profile:6.6
  Scenario: Actions (6.6): forcemerge, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/readonly |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/forcemerge |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/segment-count |
      | 2024-01-02T00:10:00.000Z | completed/completed/completed |

  @profile:7.10
  Scenario: Actions (7.10): unfollow, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "unfollow": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/wait-for-indexing-complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/wait-for-follow-shard-tasks |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/pause-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/close-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/unfollow-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/open-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/wait-for-yellow-step |
      | 2024-01-02T00:10:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:10:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:10:00.000Z | warm/complete/complete |

  @profile:7.10
  Scenario: Actions (7.10): migrate, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "migrate": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | cold/complete/complete |

  @profile:7.10
  Scenario: Actions (7.10): allocate, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

  @profile:6.6
  Scenario: Actions (6.6): allocate, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-02T00:00:00.000Z | completed/completed/completed |

  @profile:7.10
  Scenario: Actions (7.10): freeze, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "freeze": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | cold/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | cold/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | cold/freeze/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | cold/freeze/freeze |
      | 2024-01-02T00:00:00.000Z | cold/complete/complete |

  @profile:7.10
  Scenario: Actions (7.10): delete, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | delete/delete/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | delete/delete/cleanup-snapshot |
      | 2024-01-02T00:10:00.000Z | delete/delete/delete |
      | 2024-01-02T00:10:00.000Z | delete/delete/complete |

  @profile:6.6
  Scenario: Actions (6.6): delete, step by step
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "min_age": "1d", "actions": { "delete": {} } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | delete/delete/delete |
      | 2024-01-02T00:00:00.000Z | delete/delete/complete |

  @profile:7.10
  Scenario: Actions (7.10): shrink, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-02T00:00:00.000Z | warm/unfollow/wait-for-indexing-complete |
      | 2024-01-02T00:00:00.000Z | warm/unfollow/wait-for-follow-shard-tasks |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/pause-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/close-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/unfollow-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/open-follower-index |
      | 2024-01-02T00:10:00.000Z | warm/unfollow/wait-for-yellow-step |
      | 2024-01-02T00:10:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:10:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:10:00.000Z | warm/shrink/branch-check-prerequisites |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-not-write-index |
      | 2024-01-02T00:10:00.000Z | warm/shrink/wait-for-shard-history-leases |
      | 2024-01-02T00:20:00.000Z | warm/shrink/readonly |
      | 2024-01-02T00:20:00.000Z | warm/shrink/set-single-node-allocation |
      | 2024-01-02T00:20:00.000Z | warm/shrink/check-shrink-allocation |
      | 2024-01-02T00:20:00.000Z | warm/shrink/shrink |
      | 2024-01-02T00:20:00.000Z | warm/shrink/shrunk-shards-allocated |
      | 2024-01-02T00:20:00.000Z | warm/shrink/copy-execution-state |
      | 2024-01-02T00:20:00.000Z | warm/shrink/branch-on-datastream-check |
      | 2024-01-02T00:20:00.000Z | warm/shrink/aliases |
      | 2024-01-02T00:20:00.000Z | warm/shrink/complete |
    And the history of "shrink-logs" is:
      | at                       | to |
      | 2024-01-02T00:20:00.000Z | warm/shrink/is-shrunken-index |
      | 2024-01-02T00:20:00.000Z | warm/complete/complete |

  @profile:6.6
  Scenario: Actions (6.6): shrink, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-02T00:00:00.000Z | warm/shrink/readonly |
      | 2024-01-02T00:00:00.000Z | warm/shrink/set-single-node-allocation |
      | 2024-01-02T00:00:00.000Z | warm/shrink/check-shrink-allocation |
      | 2024-01-02T00:00:00.000Z | warm/shrink/shrink |
      | 2024-01-02T00:00:00.000Z | warm/shrink/shrunk-shards-allocated |
      | 2024-01-02T00:00:00.000Z | warm/shrink/copy-execution-state |
      | 2024-01-02T00:00:00.000Z | warm/shrink/aliases |
      | 2024-01-02T00:00:00.000Z | warm/shrink/complete |
    And the history of "shrink-logs" is:
      | at                       | to |
      | 2024-01-02T00:00:00.000Z | warm/shrink/is-shrunken-index |
      | 2024-01-02T00:00:00.000Z | completed/completed/completed |

  @profile:7.10
  Scenario: Actions (7.10): rollover, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-01T00:00:00.000Z | hot/unfollow/wait-for-indexing-complete |
      | 2024-01-01T00:00:00.000Z | hot/unfollow/wait-for-follow-shard-tasks |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/pause-follower-index |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/close-follower-index |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/unfollow-follower-index |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/open-follower-index |
      | 2024-01-01T00:10:00.000Z | hot/unfollow/wait-for-yellow-step |
      | 2024-01-01T00:10:00.000Z | hot/rollover/check-rollover-ready |
      | 2024-01-01T00:20:00.000Z | hot/rollover/attempt-rollover |
      | 2024-01-01T00:20:00.000Z | hot/rollover/wait-for-active-shards |
      | 2024-01-01T00:20:00.000Z | hot/rollover/update-rollover-lifecycle-date |
      | 2024-01-01T00:20:00.000Z | hot/rollover/set-indexing-complete |
      | 2024-01-01T00:20:00.000Z | hot/complete/complete |

  @profile:6.6
  Scenario: Actions (6.6): rollover, step by step
    Given a lifecycle policy "p":
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
      | 2024-01-01T00:00:00.000Z | hot/rollover/check-rollover-ready |
      | 2024-01-01T00:10:00.000Z | hot/rollover/attempt-rollover |
      | 2024-01-01T00:10:00.000Z | hot/rollover/update-rollover-lifecycle-date |
      | 2024-01-01T00:10:00.000Z | hot/rollover/set-indexing-complete |
      | 2024-01-01T00:10:00.000Z | completed/completed/completed |

  # 7.10 also injects migrate here, before the mount (elastic/elasticsearch#69347).
  @profile:7.10
  Scenario: Actions (7.10): searchable_snapshot, step by step
    Given a snapshot repository "backups" of type fs
    And a lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups" } } } } } }
      """
    And an index "logs" managed by "p"
    When the clock advances by 2d
    Then the history of "logs" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-02T00:00:00.000Z | cold/unfollow/wait-for-indexing-complete |
      | 2024-01-02T00:00:00.000Z | cold/unfollow/wait-for-follow-shard-tasks |
      | 2024-01-02T00:10:00.000Z | cold/unfollow/pause-follower-index |
      | 2024-01-02T00:10:00.000Z | cold/unfollow/close-follower-index |
      | 2024-01-02T00:10:00.000Z | cold/unfollow/unfollow-follower-index |
      | 2024-01-02T00:10:00.000Z | cold/unfollow/open-follower-index |
      | 2024-01-02T00:10:00.000Z | cold/unfollow/wait-for-yellow-step |
      | 2024-01-02T00:10:00.000Z | cold/migrate/migrate |
      | 2024-01-02T00:10:00.000Z | cold/migrate/check-migration |
      | 2024-01-02T00:10:00.000Z | cold/searchable_snapshot/check-not-write-index |
      | 2024-01-02T00:10:00.000Z | cold/searchable_snapshot/wait-for-shard-history-leases |
      | 2024-01-02T00:20:00.000Z | cold/searchable_snapshot/forcemerge |
      | 2024-01-02T00:20:00.000Z | cold/searchable_snapshot/segment-count |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/generate-snapshot-name |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/cleanup-snapshot |
      | 2024-01-02T00:30:00.000Z | cold/searchable_snapshot/create-snapshot |
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

  @profile:7.10
  Scenario: Actions (7.10): wait_for_snapshot, step by step
    Given a snapshot repository "backups" of type fs
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
      | 2024-01-02T01:00:00.000Z | delete/delete/wait-for-shard-history-leases |
      | 2024-01-02T01:10:00.000Z | delete/delete/cleanup-snapshot |
      | 2024-01-02T01:10:00.000Z | delete/delete/delete |
      | 2024-01-02T01:10:00.000Z | delete/delete/complete |
