// The pack hooks (npm's prepack and postpack, run by `npm pack` and `npm publish` in a checkout).
// `strip`: the tarball's package.json leaves out the `prepare` script. A checkout needs it (a git install
// of ilm-sim builds dist/ through it), but a tarball already holds dist/, and npm 11 lists `prepare` as an
// install script "not yet covered by allowScripts" on every install of a tarball although it never runs
// it there. `restore`: puts the checkout's package.json back, byte for byte.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const manifest = path.join(__dirname, '..', 'package.json');
const saved = path.join(__dirname, '..', '.package.json.prepack');

function restore() {
  if (fs.existsSync(saved)) fs.renameSync(saved, manifest);
}

const command = process.argv[2];
if (command === 'strip') {
  restore(); // a pack that failed half-way left the stripped copy: start from the checkout's own
  const text = fs.readFileSync(manifest, 'utf8');
  const parsed = JSON.parse(text);
  if (parsed.scripts && parsed.scripts.prepare !== undefined) {
    fs.writeFileSync(saved, text);
    delete parsed.scripts.prepare;
    fs.writeFileSync(manifest, `${JSON.stringify(parsed, null, 2)}\n`);
  }
} else if (command === 'restore') {
  restore();
} else {
  process.stderr.write('usage: node package-check/pack-manifest.js strip|restore\n');
  process.exitCode = 2;
}
