// Cucumber profiles. `default` runs every feature against the in-process simulator; `http` runs the
// same features through a real socket (the simulator's HTTP server); `docs` is the living-documentation
// run behind `npm start` (the features as a document, reports/ilm-sim.html). No profile lists
// `paths`: Cucumber's default (`features/**/*.feature`) applies when none is given on the command line,
// and `npx cucumber-js features/one.feature` runs just that file.
const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['src/cucumber/index.ts', 'features/support/**/*.ts'],
  strict: true,
};

module.exports = {
  default: { ...common, format: ['progress'], worldParameters: { transport: 'in-process' } },
  http: { ...common, format: ['progress'], worldParameters: { transport: 'http' } },
  docs: {
    ...common,
    // A document, not a test report: src/cucumber/docs-formatter.ts writes reports/ilm-sim.html and
    // prints where, with the counts and any failure.
    format: ['./features/support/living-docs-formatter.cjs'],
    formatOptions: {
      livingDocs: {
        output: 'reports/ilm-sim.html',
        title: 'ilm-sim: Elasticsearch ILM, run under a virtual clock',
        introduction: [
          'ilm-sim simulates Elasticsearch Index Lifecycle Management deterministically: the same policies, steps, explain records and errors as the release you choose (6.6, 7.10, 7.17, 8.19, 9.1), under a clock you move. Days of ILM run in milliseconds.',
          'Every section below is an executable example: a Cucumber scenario that ran against the simulator to make this page. Each shows its steps, the narrative comments of its feature file, and the timeline of the indices it made (one row per index, a band per phase, ERROR hatched in red).',
          "Start with the seed story: Elasticsearch's own `shrink-index` example, where a shrink to more shards than the index has ends in `ERROR`.",
        ].join('\n\n'),
        first: ['features/errors-and-retries/shrink-error.feature'],
        capabilities: {
          actions: 'Actions, step by step',
          aliases: 'Aliases and write indices',
          'bad-input': "Bad input gets Elasticsearch's errors",
          'data-streams': 'Data streams',
          'errors-and-retries': 'Errors and retries',
          explain: 'Explain, and why an index waits',
          faults: 'Injected faults',
          policies: 'Policies',
          snapshots: 'Snapshots and searchable snapshots',
          time: 'Time: the virtual clock and timelines',
          twin: 'A twin of your cluster',
        },
      },
    },
    worldParameters: { transport: 'in-process', pictures: true },
  },
};
