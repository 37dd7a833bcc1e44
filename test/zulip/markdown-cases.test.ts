import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceServer, type ReferenceServer } from "../../reference-server/server.ts";

/**
 * Message formatting (Markdown rendering, FL372 `--product zulip`): Zulip 10.2's own Markdown test cases
 * (data/markdown-cases.json, derived by scripts/derive-markdown-cases.mjs), each rendered through POST /messages/render
 * and compared with Zulip's HTML. The cases we cannot match are data (data/markdown-unmatched.json), each with its
 * reason; a listed case that starts to match fails too, so the list stays true. The test prints the figure.
 */
interface Case {
  name: string;
  input: string;
  expected: string;
  translateEmoticons?: boolean;
}
const read = (file: string): unknown => JSON.parse(readFileSync(new URL(`data/${file}`, import.meta.url), "utf8"));
const { cases } = read("markdown-cases.json") as { cases: Case[] };
const unmatched = read("markdown-unmatched.json") as Record<string, string>;

/** The user the cases mention (Zoe, user 7 in Zulip's test realm) and the realm URL they link to. */
const CASE_USER = { name: "Zoe", id: 7 };
const CASE_REALM = "http://zulip.testserver";
/** The image proxy of Zulip's test settings: the cases' preview URLs are its HMACs under this key. */
const CASE_CAMO = { uri: "https://external-content.zulipcdn.net/", key: "dummy" };

let server: ReferenceServer;
let auth: string;
let zoe: number;
let memberId: number;

beforeAll(async () => {
  server = await createReferenceServer({ featureLevel: 372, port: 0, product: "zulip", camo: CASE_CAMO });
  const rt = server.runtime;
  zoe = rt.store.addUser({ email: "zoe@example.com", fullName: CASE_USER.name, role: 400, isBot: false, botType: null }).id;
  const member = (server.personas as Record<string, { email: string; apiKey: string }>).member!;
  memberId = rt.store.userByEmail(member.email)!.id;
  auth = `Basic ${Buffer.from(`${member.email}:${member.apiKey}`).toString("base64")}`;
});
afterAll(() => server?.close());

/** A case in this realm: Zoe's id and the server's URL for Zulip's test realm's. */
const localize = (s: string) => s.replaceAll(`${CASE_USER.name}|${CASE_USER.id}`, `${CASE_USER.name}|${zoe}`).replaceAll(CASE_REALM, server.url);
const localizeHtml = (s: string) => s.replaceAll(`data-user-id="${CASE_USER.id}"`, `data-user-id="${zoe}"`).replaceAll(CASE_REALM, server.url);

async function render(content: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/messages/render`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ content }).toString(),
  });
  const body = (await res.json()) as { rendered?: string };
  return body.rendered ?? JSON.stringify(body);
}

describe("Message formatting: Zulip 10.2's Markdown test cases through POST /messages/render (FL372, --product zulip)", () => {
  it("renders every case as Zulip does, except the listed ones, and prints the figure", async () => {
    const mismatches: string[] = [];
    const nowMatching: string[] = [];
    let identical = 0;
    for (const c of cases) {
      // A case's translate_emoticons is the sending user's setting (Zulip's test renders with it on).
      server.runtime.store.userSettings.set(memberId, "translate_emoticons", c.translateEmoticons === true);
      const got = await render(localize(c.input));
      const same = got === localizeHtml(c.expected);
      if (same) identical++;
      if (!same && !(c.name in unmatched)) mismatches.push(`${c.name}\n  want ${JSON.stringify(localizeHtml(c.expected))}\n  got  ${JSON.stringify(got)}`);
      if (same && c.name in unmatched) nowMatching.push(c.name);
    }
    console.log(`Markdown: ${identical} of ${cases.length} identical`);
    if (process.env.CC_MARKDOWN_DUMP) writeFileSync(process.env.CC_MARKDOWN_DUMP, JSON.stringify(mismatches));
    expect(Object.keys(unmatched).filter((n) => !cases.some((c) => c.name === n))).toEqual([]);
    expect(nowMatching, "listed as unmatched but now identical").toEqual([]);
    expect(mismatches, "not identical and not listed").toEqual([]);
  });
});
