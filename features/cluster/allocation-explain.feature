Feature: Cluster: the allocation explain API says why a shard copy will not allocate
  `GET|POST /_cluster/allocation/explain` (ES `RestClusterAllocationExplainAction`) explains one shard
  copy of the simulated topology: with a body `{"index", "shard", "primary"}` that copy, without one the
  first unassigned copy. Each data node answers with the deciders that said NO and ES's own words
  (`filter`, `data_tier`, `same_shard`, `shards_limit`, `dedicated_frozen_node`), per release.

  Scenario: Allocation explain: a warm-required index on a cluster without a warm node names the filter decider (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0, "index.routing.allocation.require.box_type": "warm" } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the response has:
      | index                                               | "logs"                                                                                              |
      | primary                                             | true                                                                                                |
      | current_state                                       | "unassigned"                                                                                        |
      | unassigned_info.reason                              | "INDEX_CREATED"                                                                                     |
      | unassigned_info.last_allocation_status              | "no"                                                                                                |
      | can_allocate                                        | "no"                                                                                                |
      | allocate_explanation                                | "cannot allocate because allocation is not permitted to any of the nodes"                           |
      | node_allocation_decisions.0.node_name               | "hot-1"                                                                                             |
      | node_allocation_decisions.0.node_decision           | "no"                                                                                                |
      | node_allocation_decisions.0.deciders.0.decider      | "filter"                                                                                            |
      | node_allocation_decisions.0.deciders.0.explanation  | "node does not match index setting [index.routing.allocation.require] filters [box_type:\"warm\"]" |

  Scenario: Allocation explain: the data tier decider names the preferred tier a node lacks (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    And a cluster with the nodes:
      | name   | roles                        | attributes    |
      | hot-1  | master,data_hot,data_content | box_type=hot  |
      | cold-1 | data_cold                    | box_type=cold |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 1, "index.routing.allocation.include._tier_preference": "data_warm,data_cold" } }
      """
    When I send POST "/_cluster/allocation/explain" with:
      """json
      { "index": "logs", "shard": 0, "primary": false }
      """
    Then the response is:
      """json
      {
        "index": "logs", "shard": 0, "primary": false, "current_state": "unassigned",
        "unassigned_info": { "reason": "INDEX_CREATED", "at": "2024-01-01T00:00:00.000Z", "last_allocation_status": "no" },
        "can_allocate": "no",
        "allocate_explanation": "Elasticsearch isn't allowed to allocate this shard to any of the nodes in the cluster. Choose a node to which you expect this shard to be allocated, find this node in the node-by-node explanation, and address the reasons which prevent Elasticsearch from allocating this shard there.",
        "node_allocation_decisions": [
          { "node_id": "c9ecYU1LBC9BTWizuh2cla", "node_name": "cold-1", "transport_address": "127.0.0.1:9301",
            "node_attributes": { "box_type": "cold" }, "roles": ["data_cold"], "node_decision": "no", "weight_ranking": 1,
            "deciders": [ { "decider": "same_shard", "decision": "NO", "explanation": "a copy of this shard is already allocated to this node [[logs][0], node[c9ecYU1LBC9BTWizuh2cla], [P], s[STARTED], a[id=h5fVWeCzAVV8NsXQXdRzIB]]" } ] },
          { "node_id": "aCaAjSUUEKYaa-7FmvG5aM", "node_name": "hot-1", "transport_address": "127.0.0.1:9300",
            "node_attributes": { "box_type": "hot" }, "roles": ["data_content", "data_hot", "master"], "node_decision": "no", "weight_ranking": 2,
            "deciders": [ { "decider": "data_tier", "decision": "NO", "explanation": "index has a preference for tiers [data_warm,data_cold] and node does not meet the required [data_cold] tier" } ] }
        ]
      }
      """

  Scenario: Allocation explain: a replica on a one-node cluster is refused by the same shard decider, and a started copy may stay (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 1 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the response has:
      | primary                                            | false           |
      | can_allocate                                       | "no"            |
      | node_allocation_decisions.0.deciders.0.decider     | "same_shard"    |
    When I send POST "/_cluster/allocation/explain" with:
      """json
      { "index": "logs", "shard": 0, "primary": true }
      """
    Then the response has:
      | current_state                 | "started"                                                                                                     |
      | current_node.name             | "hot-1"                                                                                                       |
      | current_node.weight_ranking   | 1                                                                                                             |
      | can_remain_on_current_node    | "yes"                                                                                                         |
      | can_rebalance_cluster         | "yes"                                                                                                         |
      | can_rebalance_to_other_node   | "no"                                                                                                          |
      | rebalance_explanation         | "cannot rebalance as no target node exists that can both allocate this shard and improve the cluster balance" |

  Scenario: Allocation explain: a primary whose node left has no valid shard copy (7.17)
    Given the simulator mirrors Elasticsearch "7.17"
    And a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
      | hot-2 | data_hot,data_content        | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_shards": 2, "number_of_replicas": 0 } }
      """
    When the clock advances by 1d
    And the node "hot-2" leaves the cluster
    When I send GET "/_cluster/allocation/explain"
    Then the response has:
      | unassigned_info.at                         | "2024-01-02T00:00:00.000Z"                                                                                           |
      | note                                       | "No shard was specified in the explain API request, so this response explains a randomly chosen unassigned shard. There may be other unassigned shards in this cluster which cannot be assigned for different reasons. It may not be possible to assign this shard until one of the other shards is assigned correctly. To explain the allocation of other shards (whether assigned or unassigned) you must specify the target shard in the request to this API." |
      | primary                                    | true                                                                                                                 |
      | unassigned_info.reason                     | "NODE_LEFT"                                                                                                          |
      | unassigned_info.last_allocation_status     | "no_valid_shard_copy"                                                                                                |
      | can_allocate                               | "no_valid_shard_copy"                                                                                                |
      | allocate_explanation                       | "cannot allocate because a previous copy of the primary shard existed but can no longer be found on the nodes in the cluster" |
      | node_allocation_decisions.0.node_name      | "hot-1"                                                                                                              |
      | node_allocation_decisions.0.node_decision  | "no"                                                                                                                 |
      | node_allocation_decisions.0.store          | { "found": false }                                                                                                   |

  Scenario: Allocation explain: total_shards_per_node refuses a second copy on a node (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_shards": 2, "number_of_replicas": 0, "index.routing.allocation.total_shards_per_node": 1 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the response has:
      | shard                                              | 1                                                                                                                               |
      | node_allocation_decisions.0.deciders.0.decider     | "shards_limit"                                                                                                                  |
      | node_allocation_decisions.0.deciders.0.explanation | "too many shards [1] allocated to this node for index [logs], index setting [index.routing.allocation.total_shards_per_node=1]" |

  Scenario: Allocation explain: with no unassigned shard, ES refuses the request without a body (7.10)
    Given a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      unable to find any unassigned shards to explain [ClusterAllocationExplainRequest[useAnyUnassignedShard=true,includeYesDecisions?=false]
      """

  Scenario: Allocation explain: with no unassigned shard, 7.17 says no shard was specified
    Given the simulator mirrors Elasticsearch "7.17"
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      No shard was specified in the request which means the response should explain a randomly-chosen unassigned shard, but there are no unassigned shards in this cluster. To explain the allocation of an assigned shard you must specify the target shard in the request.
      """

  Scenario: Allocation explain: with no unassigned shard, 8.19 points to the API's documentation
    Given the simulator mirrors Elasticsearch "8.19"
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the request fails with status 400, error "illegal_argument_exception" and reason:
      """
      There are no unassigned shards in this cluster. Specify an assigned shard in the request body to explain its allocation. See https://www.elastic.co/guide/en/elasticsearch/reference/8.19/cluster-allocation-explain.html for more information.
      """

  Scenario: Allocation explain: 9.1 explains a replica it chose with its note and the API's v9 link
    Given the simulator mirrors Elasticsearch "9.1"
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 1 } }
      """
    When I send GET "/_cluster/allocation/explain"
    Then the response has:
      | note                                           | "No shard was specified in the explain API request, so this response explains a randomly chosen unassigned shard. There may be other unassigned shards in this cluster which cannot be assigned for different reasons. It may not be possible to assign this shard until one of the other shards is assigned correctly. To explain the allocation of other shards (whether assigned or unassigned) you must specify the target shard in the request to this API. See https://www.elastic.co/docs/api/doc/elasticsearch/v9/operation/operation-cluster-allocation-explain for more information." |
      | primary                                        | false                                                                                                                |
      | node_allocation_decisions.0.node_name          | "ilm-sim"                                                                                                            |
      | node_allocation_decisions.0.deciders.0.decider | "same_shard"                                                                                                         |

  Scenario: Allocation explain: a missing index, a shard out of range and a body without primary get ES's errors (7.10)
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send POST "/_cluster/allocation/explain" with:
      """json
      { "index": "nope", "shard": 0, "primary": true }
      """
    Then the request fails with status 404, error "index_not_found_exception" and reason:
      """
      no such index [nope]
      """
    When I send POST "/_cluster/allocation/explain" with:
      """json
      { "index": "logs", "shard": 3, "primary": true }
      """
    Then the request fails with status 404, error "shard_not_found_exception" and reason:
      """
      no such shard
      """
    When I send POST "/_cluster/allocation/explain" with:
      """json
      { "index": "logs", "shard": 0 }
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason:
      """
      Validation Failed: 1: primary must be specified;
      """

  Scenario: Allocation explain: a started copy that may not stay but has nowhere to go says why (8.19)
    Given the simulator mirrors Elasticsearch "8.19"
    And a cluster with the nodes:
      | name  | roles                        | attributes   |
      | hot-1 | master,data_hot,data_content | box_type=hot |
    When I send PUT "/logs" with:
      """json
      { "settings": { "number_of_replicas": 0 } }
      """
    When I send PUT "/logs/_settings" with:
      """json
      { "index.routing.allocation.require.box_type": "warm" }
      """
    When I send POST "/_cluster/allocation/explain?include_yes_decisions=true" with:
      """json
      { "index": "logs", "shard": 0, "primary": true }
      """
    Then the response is:
      """json
      {
        "index": "logs", "shard": 0, "primary": true, "current_state": "started",
        "current_node": { "id": "aCaAjSUUEKYaa-7FmvG5aM", "name": "hot-1", "transport_address": "127.0.0.1:9300",
                          "attributes": { "box_type": "hot" }, "roles": ["data_content", "data_hot", "master"] },
        "can_remain_on_current_node": "no",
        "can_remain_decisions": [
          { "decider": "filter", "decision": "NO", "explanation": "node does not match index setting [index.routing.allocation.require] filters [box_type:\"warm\"]" },
          { "decider": "data_tier", "decision": "YES", "explanation": "index has a preference for tiers [data_content] and node has tier [data_content]" }
        ],
        "can_move_to_other_node": "no",
        "move_explanation": "This shard may not remain on its current node, but Elasticsearch isn't allowed to move it to another node. Choose a node to which you expect this shard to be allocated, find this node in the node-by-node explanation, and address the reasons which prevent Elasticsearch from allocating this shard there."
      }
      """
