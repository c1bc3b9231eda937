@profile:7.17
Feature: Actions: every step of each action in 7.17, the last 7.x
  7.17 sits between 7.10 and 8.x: the skip branches of unfollow (7.12) and migrate, forcemerge's skip
  branch before 7.x's write block, shrink's retryable steps (7.13) and its wait for a target count that
  divides the source's (7.16), `total_shards_per_node` in allocate (7.16). Each scenario checks,
  through the lifecycle history, every step the index visits and when (poll ticks every 10m).

  Scenario: Actions (7.17): set_priority, then the injected migrate with its skip branch
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
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

  Scenario: Actions (7.17): readonly keeps 7.10's two steps (no time-series wait)
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
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |

  Scenario: Actions (7.17): forcemerge, the skip branch, then 7.x's write block and the codec detour
    Given a lifecycle policy "p":
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
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/readonly |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/close-index |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/update-settings |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/open-index |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/wait-for-index-color |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/forcemerge |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/segment-count |
      | 2024-01-02T00:10:00.000Z | warm/complete/complete |
    When I send GET "/logs/_settings"
    Then the response has:
      | logs.settings.index.blocks.write | "true" |

  Scenario: Actions (7.17): forcemerge with only_expunge_deletes has no segment count to wait for
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "forcemerge": { "only_expunge_deletes": true } } } } } }
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
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/readonly |
      | 2024-01-02T00:00:00.000Z | warm/forcemerge/forcemerge |
      | 2024-01-02T00:00:00.000Z | warm/complete/complete |
    When I get the lifecycle policy "p"
    Then the response has:
      | p.policy.phases.warm.actions.forcemerge.only_expunge_deletes | true |

  Scenario: Actions (7.17): shrink, the retryable chain names the target shrink-<4 chars>-<index>
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
      | 2024-01-02T00:00:00.000Z | warm/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/migrate/branch-check-skip-action |
      | 2024-01-02T00:00:00.000Z | warm/migrate/migrate |
      | 2024-01-02T00:00:00.000Z | warm/migrate/check-migration |
      | 2024-01-02T00:00:00.000Z | warm/shrink/branch-check-prerequisites |
      | 2024-01-02T00:00:00.000Z | warm/shrink/check-not-write-index |
      | 2024-01-02T00:00:00.000Z | warm/shrink/wait-for-shard-history-leases |
      | 2024-01-02T00:10:00.000Z | warm/shrink/readonly |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-target-shards-count |
      | 2024-01-02T00:10:00.000Z | warm/shrink/cleanup-shrink-index |
      | 2024-01-02T00:10:00.000Z | warm/shrink/generate-index-name |
      | 2024-01-02T00:10:00.000Z | warm/shrink/set-single-node-allocation |
      | 2024-01-02T00:10:00.000Z | warm/shrink/check-shrink-allocation |
      | 2024-01-02T00:10:00.000Z | warm/shrink/shrink |
      | 2024-01-02T00:10:00.000Z | warm/shrink/shrunk-shards-allocated |
      | 2024-01-02T00:10:00.000Z | warm/shrink/copy-execution-state |
      | 2024-01-02T00:10:00.000Z | warm/shrink/branch-on-datastream-check |
      | 2024-01-02T00:10:00.000Z | warm/shrink/aliases |
      | 2024-01-02T00:10:00.000Z | warm/shrink/complete |
    And "shrink-qray-logs" is at step warm/complete/complete

  Scenario: Actions (7.17): a target count that does not divide the source's waits at check-target-shards-count (7.16, PR #74219)
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "shrink": { "number_of_shards": 4 } } } } } }
      """
    And an index "logs" with settings:
      | index.number_of_shards | 2 |
      | index.lifecycle.name   | p |
    When the clock advances by 2d
    Then the explain record of "logs" has:
      | step             | check-target-shards-count |
      | step_info.message | the target shards count [4] must be a factor of the source index [logs]'s shards count [2] |

  Scenario: Actions (7.17): rollover, the injected unfollow is skipped by its branch (7.12)
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_age": "1d", "max_primary_shard_size": "50gb" } } } } } }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "p", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"
    When the clock advances by 2d
    Then the history of "logs-000001" is:
      | at                       | to |
      | 2024-01-01T00:00:00.000Z | new/complete/complete |
      | 2024-01-01T00:00:00.000Z | hot/unfollow/branch-check-unfollow-prerequisites |
      | 2024-01-01T00:00:00.000Z | hot/rollover/check-rollover-ready |
      | 2024-01-02T00:00:00.000Z | hot/rollover/attempt-rollover |
      | 2024-01-02T00:00:00.000Z | hot/rollover/wait-for-active-shards |
      | 2024-01-02T00:00:00.000Z | hot/rollover/update-rollover-lifecycle-date |
      | 2024-01-02T00:00:00.000Z | hot/rollover/set-indexing-complete |
      | 2024-01-02T00:00:00.000Z | hot/complete/complete |
    When I get the lifecycle policy "p"
    Then the response has:
      | p.policy.phases.hot.actions.rollover.max_primary_shard_size | 50gb |
      | p.policy.phases.hot.actions.rollover.max_age                | 1d   |

  Scenario: Actions (7.17): allocate with only total_shards_per_node (7.16), then the injected migrate
    Given a lifecycle policy "p":
      """json
      { "policy": { "phases": { "warm": { "min_age": "1d", "actions": { "allocate": { "total_shards_per_node": 2 } } } } } }
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
    When I send GET "/logs/_settings"
    Then the response has:
      | logs.settings.index.routing.allocation.total_shards_per_node | "2" |
