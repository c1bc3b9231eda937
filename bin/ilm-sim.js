#!/usr/bin/env node
// The `ilm-sim` executable. In a clone (TypeScript sources and ts-node present) it runs the sources
// through ts-node's transpile-only mode; in an installed package it runs the build in dist/.
// Everything else lives in src/cli/main.ts.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');

function loadMain() {
  const source = path.join(root, 'src', 'cli', 'main.ts');
  if (fs.existsSync(source)) {
    let tsNode = null;
    try {
      tsNode = require('ts-node');
    } catch {
      // Not a development install: fall through to the build.
    }
    if (tsNode) {
      tsNode.register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
      return require(source).main;
    }
  }
  const built = path.join(root, 'dist', 'src', 'cli', 'main.js');
  if (fs.existsSync(built)) return require(built).main;
  process.stderr.write('ilm-sim: neither ts-node with the sources nor a build in dist/ was found; run `npm install` (or `npm run build`).\n');
  process.exit(1);
}

loadMain()(process.argv.slice(2), process.stdout, process.stderr, process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`ilm-sim: ${error?.stack ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
