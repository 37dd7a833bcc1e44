// Writes fixtures/expectations/zulip-10.2.json, the expectations file for a Zulip 10.2 server (FL372), from the one
// table of Zulip's differences (src/product/zulip-differences.ts):
//
//   npx tsx scripts/write-zulip-expectations.ts
//
// test/product/zulip-expectations.test.ts fails while the committed file and the table disagree.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { zulipExpectationsFile } from "../src/results/zulip-expectations.ts";

const out = fileURLToPath(new URL("../fixtures/expectations/zulip-10.2.json", import.meta.url));
writeFileSync(out, zulipExpectationsFile());
console.log(`wrote ${out}`);
