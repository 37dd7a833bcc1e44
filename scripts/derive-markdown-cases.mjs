#!/usr/bin/env node
// Derives test/zulip/data/markdown-cases.json from Zulip 10.2's Markdown test cases (regular_tests): each case's
// name, input, expected HTML and the realm options it needs, as test fixtures. Run from the repository:
// node scripts/derive-markdown-cases.mjs <path to markdown_test_cases.json>
import { readFileSync, writeFileSync } from "node:fs";

const src = process.argv[2];
if (!src) {
  console.error("usage: node scripts/derive-markdown-cases.mjs <path to Zulip 10.2's markdown_test_cases.json>");
  process.exit(2);
}
const { regular_tests: cases } = JSON.parse(readFileSync(src, "utf8"));
const out = cases.map((c) => ({
  name: c.name,
  input: c.input,
  expected: c.expected_output,
  ...(c.translate_emoticons ? { translateEmoticons: true } : {}),
}));
const target = new URL("../test/zulip/data/markdown-cases.json", import.meta.url);
writeFileSync(target, `${JSON.stringify({ source: "zulip-10.2 markdown_test_cases.json regular_tests", cases: out }, null, 1)}\n`);
console.log(`${out.length} cases → ${target.pathname}`);
