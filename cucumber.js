// Cucumber profiles. `default` runs every feature against the in-process simulator; `http` runs the
// same features through a real socket (the simulator's HTTP server); `docs` is the living-documentation
// run behind `npm start` (a readable console report and reports/ilm-sim.html). No profile lists
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
    format: ['pretty', 'html:reports/ilm-sim.html'],
    formatOptions: { colorsEnabled: true },
    worldParameters: { transport: 'in-process' },
  },
};
