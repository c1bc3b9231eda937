Feature: Cluster: the capabilities API answers whether a method, path, parameters and capabilities are served
  `GET /_capabilities` (8.14+) is what Elasticsearch's own YAML test runner asks before a test marked
  `requires: capabilities`: `supported` is true when a handler serves the method on the path (a path
  template such as `/_ilm/move/{name}` matches as a concrete path does) with every query parameter asked
  for, and every named capability. The data stream lifecycle handlers declare the capabilities ES 8.16+
  declares for effective and global retention (so ES's own lifecycle YAML tests run rather than skip);
  no other handler declares one.

  @profile:8.19
  Scenario Outline: Capabilities: <method> <path> with parameters [<parameters>] and capabilities [<capabilities>] is <supported>
    When I send GET "/_capabilities?method=<method>&path=<path>&parameters=<parameters>&capabilities=<capabilities>"
    Then the response is:
      """json
      {"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"ilm-sim","supported":<supported>}
      """

    Examples:
      | method | path                   | parameters              | capabilities               | supported |
      | POST   | /_ilm/move/{name}      |                         |                            | true      |
      | POST   | /_ilm/move/my_index    | master_timeout          |                            | true      |
      | POST   | /_ilm/move/{name}      |                         | ilm_lookup_index_rejection | false     |
      | GET    | /my_index/_ilm/explain | only_errors,only_managed |                           | true      |
      | GET    | /my_index/_ilm/explain | no_such_parameter       |                            | false     |
      | DELETE | /_ilm/status           |                         |                            | false     |
      | GET    | /_no_such_api/x/y      |                         |                            | false     |
      | PATCH  | /_ilm/status           |                         |                            | false     |

  Scenario Outline: Capabilities: the data stream lifecycle declares its retention capabilities from 8.16 (<profile>: <capabilities> on <method> <path> is <supported>)
    Given the simulator mirrors Elasticsearch "<profile>"
    When I send GET "/_capabilities?method=<method>&path=<path>&capabilities=<capabilities>"
    Then the response is:
      """json
      {"_nodes":{"total":1,"successful":1,"failed":0},"cluster_name":"ilm-sim","supported":<supported>}
      """

    Examples:
      | profile | method | path                             | capabilities                                                           | supported |
      | 8.19    | GET    | /_data_stream/{index}/_lifecycle | data_stream_global_retention                                           | true      |
      | 9.1     | GET    | /_data_stream/{index}/_lifecycle | data_stream_global_retention,data_stream_lifecycle_effective_retention | true      |
      | 8.19    | GET    | /_data_stream/{index}            | data_stream_lifecycle_effective_retention                              | true      |
      | 9.1     | GET    | /_data_stream                    | data_stream_lifecycle_effective_retention                              | true      |
      | 8.19    | GET    | /{index}/_lifecycle/explain      | data_stream_lifecycle_effective_retention                              | true      |
      | 9.1     | GET    | /{index}/_lifecycle/explain      | frozen_transition_explain                                              | false     |
      | 9.1     | PUT    | /_data_stream/{name}/_lifecycle  | dlm.frozen_after                                                       | false     |
      | 8.19    | PUT    | /_data_stream/{name}/_lifecycle  | data_stream_global_retention                                           | false     |

  @profile:9.1
  Scenario: Capabilities: an unknown method is refused as ES's enum lookup refuses it
    When I send GET "/_capabilities?method=FETCH&path=/_ilm/status"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "No enum constant org.elasticsearch.rest.RestRequest.Method.FETCH"

  @profile:7.17
  Scenario: Capabilities: 7.17 has no such API: the path falls to the get-index route, which knows none of its parameters
    When I send GET "/_capabilities?method=GET&path=/_ilm/status"
    Then the request fails with status 400, error "illegal_argument_exception" and reason "request [/_capabilities] contains unrecognized parameters: [method], [path]"
