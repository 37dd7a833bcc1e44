import { defineSuite } from "../../src/expect/suite.ts";
import { flagsOf } from "../support/flags.ts";
import { freshChannel } from "../support/channels.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember", "administrator"] });

behaviour(
  "fl236.messages.read-by-sender",
  "read_by_sender decides whether the sender's copy starts read",
  { id: "fl236.messages.read-by-sender#read-by-sender-decides-whether-the-sender-s-copy-starts-read" },
  async (t) => {
    const channel = await freshChannel(t);
    for (const readBySender of [true, false]) {
      const res = await t.api("member").post("/messages", {
        type: "stream",
        to: channel.id,
        topic: "read by sender",
        content: `read_by_sender=${readBySender}`,
        read_by_sender: readBySender,
      });
      const flags = await flagsOf(t, "member", t.expect.success(res).id as number);
      t.expect.ok(flags.includes("read") === readBySender, `the sender's flags ${readBySender ? "to include" : "not to include"} read`, flags, res.exchange);
    }
  },
);

behaviour(
  "fl236.messages.read-by-sender",
  "before FL236 read_by_sender changes nothing: the sender's flags are the same either way",
  { id: "fl236.messages.read-by-sender#before-fl236-read-by-sender-changes-nothing-the-sender-s-flags-are-the-same-either-way", gate: "before" },
  async (t) => {
    const channel = await freshChannel(t);
    const flags: string[][] = [];
    for (const readBySender of [true, false]) {
      const res = await t.api("member").post("/messages", {
        type: "stream",
        to: channel.id,
        topic: "read by sender",
        content: `read_by_sender=${readBySender}`,
        read_by_sender: readBySender,
      });
      flags.push((await flagsOf(t, "member", t.expect.success(res).id as number)).filter((f) => f === "read"));
    }
    t.expect.equal(flags[1], flags[0], "the sender's read flag with read_by_sender=false, compared with true");
  },
);
