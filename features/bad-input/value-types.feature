@issue-20
Feature: Bad input: a value of the wrong type is ES's 400, never a crash
  Where ES reads a body with an object parser, a value of a type the field does not take is an
  `x_content_parse_exception` at its position, wrapped by each enclosing parser; SLM refuses at PUT
  what it could never run, and date math past the calendar is refused. Nothing is changed.

  Background:
    Given a snapshot repository "backups" of type fs
    And I remember the cluster state

  Scenario: Bad input: an object as a composable template's priority
    When I send PUT "/_index_template/logs" with:
      """
      {"index_patterns":["logs-*"],"priority":{}}
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason "[1:41] [index_template] priority doesn't support values of type: START_OBJECT"
    And the cluster state is unchanged

  Scenario: Bad input: an object in an alias action's routing
    When I send POST "/_aliases" with:
      """
      {"actions":[{"add":{"index":"missing","alias":"x","routing":{}}}]}
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason "[1:61] [aliases] failed to parse field [actions]"
    And the root cause is "x_content_parse_exception" with reason "[1:61] [add] routing doesn't support values of type: START_OBJECT"
    And the cluster state is unchanged

  Scenario: Bad input: an SLM retention count that is an object
    When I send PUT "/_slm/policy/nightly" with:
      """
      {"name":"nightly","schedule":"0 30 1 * * ?","repository":"backups","retention":{"min_count":{}}}
      """
    Then the request fails with status 400, error "x_content_parse_exception" and reason "[1:93] [snapshot_lifecycle] failed to parse field [retention]"
    And the root cause is "x_content_parse_exception" with reason "[1:93] [snapshot_retention] min_count doesn't support values of type: START_OBJECT"
    And the cluster state is unchanged

  Scenario: Bad input: an SLM snapshot name holding a space
    When I send PUT "/_slm/policy/nightly" with:
      """
      {"name":"nightly snap","schedule":"0 30 1 * * ?","repository":"backups"}
      """
    Then the request fails with status 400, error "action_request_validation_exception" and reason:
      """
      Validation Failed: 1: invalid snapshot name [nightly snap]: must not contain contain the following characters [ , ", *, \, <, |, ,, >, /, ?];
      """
    And the cluster state is unchanged

  Scenario: Bad input: date math past the calendar in an index name
    When I send PUT "/%3Clogs-%7Bnow%2B1000000000d%7D%3E"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "date math [now+1000000000d] reaches past the simulator's calendar (years -271821 to 275760)"
    And the cluster state is unchanged
