Feature: Snapshots: policies with snapshot actions are validated as Elasticsearch validates them
  8.x refuses a policy whose searchable_snapshot repository or wait_for_snapshot SLM policy does not
  exist yet, and a few combinations of snapshot actions; 7.10 checked none of these.

  Background:
    Given the clock starts at "2024-01-01T00:00:00Z"

  Scenario: Snapshots: searchable_snapshot needs a repository name
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "" } } } } } }
      """
    Then the response has:
      | error.caused_by.caused_by.caused_by.caused_by.caused_by.caused_by.reason | the snapshot repository must be specified |

  Scenario: Snapshots: wait_for_snapshot needs a policy name
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "actions": { "wait_for_snapshot": { "policy": " " } } } } } }
      """
    Then the response has:
      | error.caused_by.caused_by.caused_by.caused_by.caused_by.caused_by.caused_by.reason | policy name must be specified |

  Scenario: Snapshots: 7.10 stores a policy naming a repository and an SLM policy that do not exist
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "nowhere" } } }, "delete": { "actions": { "wait_for_snapshot": { "policy": "nothing" } } } } } }
      """
    Then the response status is 200

  @profile:8.19
  Scenario: Snapshots: 8.19 refuses a searchable_snapshot repository that does not exist
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "nowhere" } } } } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "no such repository [nowhere], the snapshot repository referenced by the [searchable_snapshot] action in the [cold] phase must exist before it can be referenced by an ILM policy"

  @profile:8.19
  Scenario: Snapshots: 8.19 refuses a wait_for_snapshot SLM policy that does not exist
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "delete": { "actions": { "wait_for_snapshot": { "policy": "nothing" } } } } } }
      """
    Then the request fails with status 400, error "illegal_argument_exception" and reason "no such snapshot lifecycle policy [nothing], the snapshot lifecycle policy referenced by the [wait_for_snapshot] action in the [delete] phase must exist before it can be referenced by an ILM policy"

  @profile:8.19
  Scenario: Snapshots: 8.19 refuses forcemerge after a hot-phase searchable_snapshot
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "hot": { "actions": { "rollover": { "max_docs": 1 }, "searchable_snapshot": { "snapshot_repository": "backups" } } }, "warm": { "actions": { "forcemerge": { "max_num_segments": 1 } } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: phases [warm] define one or more of [forcemerge, freeze, shrink, downsample] actions which are not allowed after a managed index is mounted as a searchable snapshot;"

  @profile:8.19
  Scenario: Snapshots: 8.19 refuses searchable_snapshot actions with different repositories
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "a" } } }, "frozen": { "actions": { "searchable_snapshot": { "snapshot_repository": "b" } } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: policy specifies [searchable_snapshot] action multiple times with differing repositories [a, b], the same repository must be used for all searchable snapshot actions;"

  @profile:8.19
  Scenario: Snapshots: 8.19 refuses a frozen phase without searchable_snapshot
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "frozen": { "actions": {} } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: policy specifies the [frozen] phase without a corresponding [searchable_snapshot] action, but a searchable snapshot action is required in the frozen phase;"

  @profile:8.19
  Scenario: Snapshots: total_shards_per_node must be at least one (8.16+)
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "total_shards_per_node": 0 } } } } } }
      """
    Then the response has:
      | error.caused_by.caused_by.caused_by.caused_by.caused_by.caused_by.reason | [total_shards_per_node] must be >= 1 |

  @profile:9.1
  Scenario: Snapshots: replicate_for must be positive (9.1)
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "replicate_for": "0d" } } } } } }
      """
    Then the response has:
      | error.caused_by.caused_by.caused_by.caused_by.caused_by.caused_by.reason | [replicate_for] must be positive [0d] |

  @profile:9.1
  Scenario: Snapshots: only the first searchable_snapshot may replicate (9.1)
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "actions": { "searchable_snapshot": { "snapshot_repository": "backups" } } }, "frozen": { "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "replicate_for": "1d" } } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: only the first searchable_snapshot action in a policy may specify 'replicate_for', but it was specified in the [frozen] phase;"

  @profile:9.1
  Scenario: Snapshots: replicate_for may not outlast the next phase (9.1)
    When I put the lifecycle policy "p":
      """json
      { "policy": { "phases": { "cold": { "min_age": "1d", "actions": { "searchable_snapshot": { "snapshot_repository": "backups", "replicate_for": "10d" } } }, "delete": { "min_age": "5d", "actions": { "delete": {} } } } } }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason "Validation Failed: 1: The time a searchable snapshot is replicated in replicate_for [10d] may not exceed the time until the next phase is configured to begin. Based on the min_age [5d] of the [delete] phase, the maximum time the snapshot can be replicated is [4d].;"
