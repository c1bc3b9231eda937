Feature: Errors: shrinking an index that has one shard
  ES's resize refuses a one-shard source (`MetadataCreateIndexService#validateShrinkIndex`: "can't
  shrink an index with only one shard"), even into one shard. Whether ILM gets that far depends on the
  shrink action's skip branch: 7.10-7.17 skip the action only for an index already at the configured
  `number_of_shards`, so a `max_primary_shard_size` shrink (7.13+) of a one-shard index fails in the
  `shrink` step and retries on every poll tick; 8.2+ compares with the computed target too (PR #84434)
  and skips it.

  Background:
    Given the clock starts at "2021-11-02T23:12:09.560Z"

  @profile:7.17
  Scenario: elastic/elasticsearch#80180: a max_primary_shard_size shrink of a one-shard index fails in 7.17 and retries
    Given a lifecycle policy "filebeat":
      """json
      { "policy": { "phases": { "warm": { "actions": { "shrink": { "max_primary_shard_size": "50gb" } } } } } }
      """
    And an index "filebeat-7.14.2-2021.10.31-000008" managed by "filebeat"
    When the clock advances by 20m
    Then the explain record of "filebeat-7.14.2-2021.10.31-000008" contains:
      """json
      {
        "phase": "warm",
        "action": "shrink",
        "step": "ERROR",
        "failed_step": "shrink",
        "is_auto_retryable_error": true,
        "failed_step_retry_count": 1,
        "shrink_index_name": "shrink-qray-filebeat-7.14.2-2021.10.31-000008",
        "step_info": { "type": "illegal_argument_exception", "reason": "can't shrink an index with only one shard" }
      }
      """
    When the clock advances by 1h
    Then the explain record of "filebeat-7.14.2-2021.10.31-000008" has:
      | step                     | ERROR |
      | failed_step_retry_count  | 7     |

  @profile:8.19
  Scenario: elastic/elasticsearch#80180: 8.19 skips the shrink of a one-shard index (PR #84434)
    Given a lifecycle policy "filebeat":
      """json
      { "policy": { "phases": { "warm": { "actions": { "shrink": { "max_primary_shard_size": "50gb" } } } } } }
      """
    And an index "filebeat-000008" managed by "filebeat"
    When the clock advances by 20m
    Then "filebeat-000008" is at step warm/complete/complete

  @profile:6.6
  Scenario: elastic/elasticsearch#33275: 6.6 has no skip branch, so even a shrink to one shard fails on a one-shard index
    Given a lifecycle policy "thing":
      """json
      { "policy": { "phases": { "warm": { "actions": { "shrink": { "number_of_shards": 1 } } } } } }
      """
    And an index "thing-000001" with settings:
      | index.number_of_shards | 1     |
      | index.lifecycle.name   | thing |
    When the clock advances by 20m
    Then the explain record of "thing-000001" has:
      | step             | ERROR                                     |
      | failed_step      | shrink                                    |
      | step_info.reason | can't shrink an index with only one shard |
