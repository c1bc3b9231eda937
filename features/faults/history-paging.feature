@issue-14
Feature: The lifecycle history is read a page at a time

  `GET /_sim/history` answers at most `size` records (10,000 at most and by default); when more
  match, `next_after` is the sequence number to pass as `after` for the next page.

  Background:
    Given a lifecycle policy "delete-now":
      """
      {"policy": {"phases": {"delete": {"min_age": "0ms", "actions": {"delete": {}}}}}}
      """
    And an index "logs-1" managed by "delete-now"
    And an index "logs-2" managed by "delete-now"
    When the clock advances by 1h

  Scenario: Pages of two records of one index, then the rest
    When I send GET "/_sim/history?index=logs-1&size=2&filter_path=history.to.name,next_after"
    Then the response is:
      """
      {"history": [{"to": {"name": "complete"}}, {"to": {"name": "wait-for-shard-history-leases"}}], "next_after": 1}
      """
    When I send GET "/_sim/history?index=logs-1&after=1&filter_path=history.to.name,history.index,next_after"
    Then the response is:
      """
      {"history": [{"index": "logs-1", "to": {"name": "cleanup-snapshot"}}, {"index": "logs-1", "to": {"name": "delete"}}, {"index": "logs-1", "to": {"name": "complete"}}]}
      """

  Scenario: A deleted index's history stays readable until it ages out
    Then the history of "logs-2" is:
      | from                                        | to                                          |
      | -                                           | new/complete/complete                       |
      | new/complete/complete                       | delete/delete/wait-for-shard-history-leases |
      | delete/delete/wait-for-shard-history-leases | delete/delete/cleanup-snapshot              |
      | delete/delete/cleanup-snapshot              | delete/delete/delete                        |
      | delete/delete/delete                        | delete/delete/complete                      |

  Scenario: Bad input: a page larger than 10,000 is refused
    When I send GET "/_sim/history?size=10001"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "[size] must be at most [10000], got [10001]"
