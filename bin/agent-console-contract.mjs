#!/usr/bin/env node
// The conformance kit's command (`npx agent-console-contract <url>`); `npm run build` makes the bundle.
import '../dist/contract-kit/index.mjs'
