import { behaviour } from "../../src/expect/behaviour.ts";
import { flagsOf } from "../support/flags.ts";
import { freshChannel } from "../support/messages.ts";

behaviour(
  "fl236.messages.read-by-sender",
  "read_by_sender decides whether the sender's copy starts read",
  { needs: ["member", "secondMember", "administrator"] },
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
  { needs: ["member", "secondMember", "administrator"], gate: "before" },
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
