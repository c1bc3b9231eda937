@profile:8.19
Feature: The same check written in TypeScript
  Scenario: The index is in the warm phase a day later
    Given the lifecycle policy "logs" from the file "checks/logs-export.json"
    And the team bootstraps "logs-1" under "logs"
    When the clock advances by 30h
    Then "logs-1" is in the "warm" phase
    And the age of "logs-1" is "1.25d"
