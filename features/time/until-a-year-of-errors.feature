Feature: Time: an until-step waits out a year of automatic retries in one request
  A step that fails on every poll keeps the index in ERROR, retried every 10 minutes; the until-steps
  move the clock event by event on the server (`POST /_sim/clock/_next` with `until`), so waiting out
  most of a year of retries costs one request, in process and over HTTP alike.

  Background:
    Given a lifecycle policy "logs":
      """json
      {
        "policy": {
          "phases": {
            "hot": { "actions": { "rollover": { "max_docs": 1000 } } },
            "delete": { "min_age": "1d", "actions": { "delete": {} } }
          }
        }
      }
      """
    And an index template "logs":
      """json
      { "index_patterns": ["logs-*"], "template": { "settings": { "index.lifecycle.name": "logs", "index.lifecycle.rollover_alias": "logs" } } }
      """
    And an index "logs-000001" is the write index of the alias "logs"

  Scenario: Time: 50,000 failed rollovers, retried on each poll, then the rollover and the delete phase
    Given the attempt-rollover step of "logs-000001" fails 50000 times with illegal_state_exception: "rollover refused"
    And 1500 documents of 1kb are indexed into "logs"
    When the clock advances until "logs-000001" is at step hot/complete/complete
    Then the explain record of "logs-000001" has:
      | lifecycle_date_millis | 1734068400000 |
    When the clock advances until "logs-000001" does not exist
    When I send GET "/_sim/clock"
    Then the response has:
      | now | 2024-12-14T05:50:00.000Z |
