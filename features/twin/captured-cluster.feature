Feature: A scenario that starts from a captured cluster

  `Given the cluster captured in "<dir>"` makes the scenario's simulator the twin of a
  support-diagnostics bundle: its release, its instant as the clock, every index continuing from its
  ILM step. `ilm-sim twin <dir> --feature out.feature` writes such scenarios from a forecast; these
  show the steps on the bundle kept in the repository (Elasticsearch 8.19, a hot node and a warm node).

  Scenario: The twin starts at the bundle's instant, each index where it was
    Given the cluster captured in "src/twin/fixtures/hot-warm-8.19"
    When I send GET "/_sim/clock"
    Then the response contains:
      """
      { "now": "2024-01-10T00:00:00.000Z" }
      """
    And "metrics-old" is at step warm/complete/complete
    And the data stream "logs-app-prod" has 4 backing indices, the oldest ".ds-logs-app-prod-2024.01.01-000001"

  Scenario: The write targets receive documents hour by hour while the clock moves
    Given the cluster captured in "src/twin/fixtures/hot-warm-8.19"
    When the clock advances by 3d while the write targets receive:
      | target        | docs per day | bytes each |
      | logs-app-prod | 400          | 2048       |
    Then the data stream "logs-app-prod" has 5 backing indices, the oldest ".ds-logs-app-prod-2024.01.01-000001"
    And the write index of the data stream "logs-app-prod" is ".ds-logs-app-prod-2024.01.12-000005"
