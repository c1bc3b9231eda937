Feature: A user's own policy, checked from their repository
  Scenario: The policy file deletes the index after three days
    Given the lifecycle policy "logs" from the file "checks/logs-export.json"
    And the team bootstraps "logs-1" under "logs"
    When the clock advances until "logs-1" is in the "warm" phase
    Then "logs-1" is in the "warm" phase
    When the clock advances by 3d
    Then the index "logs-1" does not exist
