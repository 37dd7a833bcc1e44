#!/usr/bin/env node
// Derives reference-server/data/emoji.json, the unicode emoji the server knows, from iamcal's emoji-datasource
// (the package Zulip builds its emoji table from; the version Zulip 10.2 pins). Run from the repository:
//   node scripts/derive-emoji.mjs [path to emoji-datasource's emoji.json]
// (default: the devDependency's). Each emoji Google draws is kept under the code Zulip uses for it (the
// non-qualified form when there is one, lower case), the skin-tone modifiers aside; its names are the package's short names with `_` for `-`,
// after Zulip's own names where Zulip names an emoji otherwise (ZULIP_NAMES below: the names real servers answer
// to and render, as Zulip's Markdown test cases and its clients show them).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const source = process.argv[2] ?? createRequire(import.meta.url).resolve("emoji-datasource/emoji.json");
const rows = JSON.parse(readFileSync(source, "utf8"));

/** Zulip's names where they differ from the package's: code → names, the canonical one first. */
const ZULIP_NAMES = {
  "1f44d": ["+1", "thumbs_up", "like"],
  "1f44e": ["-1", "thumbs_down"],
  2764: ["heart"],
  "1f642": ["smile", "slight_smile"],
  "1f641": ["frown"],
  "1f600": ["grinning"],
  "1f603": ["smiley"],
  "1f602": ["joy"],
  "1f606": ["laughing"],
  "1f609": ["wink"],
  "1f914": ["thinking"],
  "1f622": ["cry"],
  "1f62d": ["sob"],
  "1f62e": ["open_mouth"],
  "1f389": ["tada", "party_popper"],
  "1f44f": ["clap"],
  "1f44b": ["wave"],
  "1f64f": ["pray"],
  "1f440": ["eyes"],
  "1f525": ["fire"],
  "2b50": ["star"],
  "1f680": ["rocket"],
  2705: ["check"],
  2714: ["check_mark"],
  "274c": ["cross_mark"],
  2753: ["question"],
  2757: ["exclamation"],
  "1f419": ["octopus"],
  2615: ["coffee"],
  "1f355": ["pizza"],
  "1f370": ["cake"],
  2600: ["sun"],
  "1f308": ["rainbow"],
  "26a1": ["zap"],
  "1f6e0": ["working_on_it"],
  "231b": ["hourglass"],
  "1f4c5": ["calendar"],
  "1f4a1": ["bulb"],
  "1f512": ["lock"],
  "1f4af": ["100"],
  "1f4aa": ["muscle"],
  "1f197": ["ok"],
  "1f1e9-1f1ea": ["flag_germany"],
  "1f4a9": ["poop"],
  "1f408": ["cat"],
  "1f415": ["dog"],
  "1f407": ["rabbit"],
  "1f384": ["holiday_tree"],
  2797: ["division"],
  "1f916": ["robot"],
  "2b06": ["up"],
  "1f95d": ["kiwi"],
  "1f947": ["gold"],
  "1f610": ["neutral"],
};

/** Names Zulip withholds although the package has them. */
const ZULIP_WITHOUT = new Set(["fried_egg"]);

/** The code Zulip keys an emoji by: the non-qualified sequence where there is one (no variation selectors). */
const codeOf = (row) => (row.non_qualified ?? row.unified).toLowerCase();
const fromPackage = (name) => name.replace(/-/g, "_").toLowerCase();

const kept = rows.filter((row) => row.has_img_google && row.category !== "Component").sort((a, b) => a.sort_order - b.sort_order);
const claimed = new Map();
for (const [code, names] of Object.entries(ZULIP_NAMES)) for (const name of names) claimed.set(name, code);

const codes = {};
for (const row of kept) {
  const code = codeOf(row);
  const names = [...(ZULIP_NAMES[code] ?? [])];
  for (const short of row.short_names.map(fromPackage)) {
    if (names.includes(short) || ZULIP_WITHOUT.has(short)) continue;
    if (claimed.has(short) && claimed.get(short) !== code) continue;
    claimed.set(short, code);
    names.push(short);
  }
  // An emoji whose short names all went to others keeps its Unicode name, as a name of its own.
  if (names.length === 0 && row.name)
    names.push(
      row.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "_")
        .replace(/^_|_$/g, ""),
    );
  codes[code] = names;
}
const missing = Object.keys(ZULIP_NAMES).filter((code) => !(code in codes));
if (missing.length) throw new Error(`Zulip names for codes the package lacks: ${missing.join(", ")}`);

const target = new URL("../reference-server/data/emoji.json", import.meta.url);
const comment =
  "Unicode emoji the reference server knows: code (as Zulip keys it) → names, the canonical one first. Derived by scripts/derive-emoji.mjs from emoji-datasource; names not listed are unknown emoji.";
writeFileSync(target, `${JSON.stringify({ $comment: comment, codes }, null, 1)}\n`);
console.log(`${Object.keys(codes).length} emoji → ${target.pathname}`);
