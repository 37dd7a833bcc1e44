#!/usr/bin/env node
// The installed command: the compiled CLI under plain node (`npm run build` makes dist/; in a clone, `npm ci` does).
import "../dist/src/cli/entry.js";
