// Cucumber profiles. `default` runs every feature against the in-process simulator; `http` runs the
// same features through a real socket (the simulator's HTTP server); `docs` is the living-documentation
// run behind `npm start` (a readable console report and reports/ilm-sim.html).
const common = {
  requireModule: ['ts-node/register/transpile-only'],
  require: ['steps/**/*.ts'],
  paths: ['features/**/*.feature'],
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
