Feature: Manual retry: refused when there is nothing to retry
  ES answers a retry of an index that is not in ERROR, or not managed, or missing, with an error and
  changes nothing.

  Background:
    Given a lifecycle policy "warm-later":
      """json
      { "policy": { "phases": { "warm": { "min_age": "5d", "actions": { "readonly": {} } } } } }
      """
    And an index "managed-index" managed by "warm-later"
    And an index "plain-index" without a policy
    And I remember the cluster state

  Scenario: Manual retry: an index that has not failed
    When I retry the failed step of "managed-index"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "cannot retry an action for an index [managed-index] that has not encountered an error when running a Lifecycle Policy"
    And the cluster state is unchanged

  Scenario: Manual retry: an index without a policy
    When I retry the failed step of "plain-index"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "cannot retry an action for an index [plain-index] that has not encountered an error when running a Lifecycle Policy"
    And the cluster state is unchanged

  Scenario: Manual retry: a missing index (7.10: the transition's own check)
    When I retry the failed step of "does-not-exist"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index [does-not-exist] does not exist"
    And the cluster state is unchanged

  @profile:6.6
  Scenario: Manual retry: a missing index (6.6: index resolution)
    When I retry the failed step of "does-not-exist"
    Then the request fails with status 404, error "index_not_found_exception" and reason "no such index [does-not-exist]"
    And the cluster state is unchanged

  Scenario Outline: Manual retry: a missing index after 7.x's REST test moved (<release>: 400, as the yamlRestTest 30_retry.yml expects)
    When I retry the failed step of "does-not-exist"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index [does-not-exist] does not exist"
    And the cluster state is unchanged

    @profile:7.17
    Examples: 7.17
      | release |
      | 7.17    |

    @profile:8.19
    Examples: 8.19
      | release |
      | 8.19    |

    @profile:9.1
    Examples: 9.1
      | release |
      | 9.1     |

  Scenario: Manual retry: one bad index refuses the whole request
    When I retry the failed step of "plain-index,managed-index"
    Then the request fails with status 400 and error "illegal_argument_exception"
    And the cluster state is unchanged

  @profile:6.6
  Scenario: elastic/elasticsearch#38987: a pattern names the first index in ES's resolution order (6.6)
    6.6 resolves the pattern (with security on, as ES's own REST tests ran: `IndicesAndAliasesResolver`
    collects each wildcard's matches in a `HashSet`), so the first index refused is the first in Java
    HashSet order, not in name order.
    Given an index "logstash-app1-2019.02.15.19-000001" managed by "warm-later"
    And an index "logstash-app1-2019.02.15.19-000002" managed by "warm-later"
    When I send POST "/logstash-app1*/_ilm/retry"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "cannot retry an action for an index [logstash-app1-2019.02.15.19-000002] that has not encountered an error when running a Lifecycle Policy"

  Scenario: Manual retry: 7.10 hands a pattern to the transition unresolved (no security layer to expand it)
    Given an index "logstash-app1-2019.02.15.19-000001" managed by "warm-later"
    When I send POST "/logstash-app1*/_ilm/retry"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "index [logstash-app1*] does not exist"
