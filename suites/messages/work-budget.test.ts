import type { ApiResponse } from "../../src/client/client.ts";
import { defineSuite } from "../../src/expect/suite.ts";
import type { TestContext } from "../../src/expect/context.ts";
import type { Throwaway } from "../support/throwaway.ts";
import { onControlledThrowaway, type ReferenceControl } from "../support/control.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member", "secondMember"] });

// Batched operations that run out of time: no API makes a server slow. The reference control gives a throw-away
// organization a work budget of two messages per request and the test asks for three; on real servers these are not verifiable.

const BUDGET = 2;

/** secondMember has more unread messages than the budget, and the budget is set; answers POST /mark_all_as_read. */
async function markAllPastBudget(t: TestContext, org: Throwaway, control: ReferenceControl): Promise<ApiResponse> {
  const to = JSON.stringify([org.target.personas.secondMember!.userId]);
  for (const n of [1, 2, 3]) await t.must(`send direct message ${n}`, org.api("member").post("/messages", { type: "private", to, content: `unread ${n}` }));
  await control.setWorkBudget(BUDGET);
  return org.api("secondMember").post("/mark_all_as_read");
}

/** A topic of 'general' with more messages than the budget, and the budget set; answers its POST …/delete_topic. */
async function deleteTopicPastBudget(t: TestContext, org: Throwaway, control: ReferenceControl): Promise<ApiResponse> {
  const admin = org.api("administrator");
  const found = await t.must("GET /get_stream_id of general", admin.get("/get_stream_id", { stream: "general" }));
  const topic = t.unique("doomed");
  for (const n of [1, 2, 3]) await t.must(`send message ${n}`, admin.post("/messages", { type: "stream", to: "general", topic, content: `doomed ${n}` }));
  await control.setWorkBudget(BUDGET);
  return admin.post(`/streams/${String(found.stream_id)}/delete_topic`, { topic_name: topic });
}

/** Before FL211: HTTP 200 with result "partially_completed" (and no complete field). */
function expectPartiallyCompleted(t: TestContext, res: ApiResponse, what: string): void {
  t.expect.equal(res.status, 200, `HTTP status of ${what}`, res.exchange);
  t.expect.equal(res.json?.result, "partially_completed", `result of ${what}`, res.exchange);
}

behaviour(
  "fl153.messages.mark-all-as-read-partially-completed",
  "before FL211 POST /mark_all_as_read that runs out of time answers result partially_completed",
  { id: "fl153.messages.mark-all-as-read-partially-completed#before-fl211-post-mark-all-as-read-that-runs-out-of-time-answers-result-partially-completed" },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) =>
      expectPartiallyCompleted(t, await markAllPastBudget(t, org, control), "a POST /mark_all_as_read that ran out of time"),
    );
  },
);

behaviour(
  "fl211.messages.mark-all-as-read-complete",
  "from FL211 POST /mark_all_as_read that runs out of time answers success with complete false",
  { id: "fl211.messages.mark-all-as-read-complete#from-fl211-post-mark-all-as-read-that-runs-out-of-time-answers-success-with-complete-false" },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const res = await markAllPastBudget(t, org, control);
      t.expect.equal(t.expect.success(res, "a POST /mark_all_as_read that ran out of time").complete, false, "complete", res.exchange);
    });
  },
);

behaviour(
  "fl154.messages.delete-topic-partially-completed",
  "from FL154 to FL210 a topic deletion that runs out of time answers result partially_completed",
  {
    id: "fl154.messages.delete-topic-partially-completed#from-fl154-to-fl210-a-topic-deletion-that-runs-out-of-time-answers-result-partially-completed",
    needs: ["administrator"],
  },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) =>
      expectPartiallyCompleted(t, await deleteTopicPastBudget(t, org, control), "a topic deletion that ran out of time"),
    );
  },
);

behaviour(
  "fl211.messages.delete-topic-complete",
  "from FL211 a topic deletion that runs out of time answers success with complete false",
  {
    id: "fl211.messages.delete-topic-complete#from-fl211-a-topic-deletion-that-runs-out-of-time-answers-success-with-complete-false",
    needs: ["administrator"],
  },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const res = await deleteTopicPastBudget(t, org, control);
      t.expect.equal(t.expect.success(res, "a topic deletion that ran out of time").complete, false, "complete", res.exchange);
    });
  },
);
