// The `docs` profile's formatter (npm start): src/cucumber/docs-formatter.ts, loaded through ts-node.
// Cucumber imports formatters as ES modules, which do not see the ts-node hook that `requireModule`
// installs for support code; users of the package name the compiled one, `ilm-sim/docs`.
require('ts-node/register/transpile-only');
module.exports = require('../../src/cucumber/docs-formatter.ts');
