import { arr, clone, editList, noState, obj, type ReducerEntry } from "./model.ts";

/** The client's drafts and saved snippets in the register state (`drafts`, `saved_snippets`); attachments are not in it. */

const byId = (key: "drafts" | "saved_snippets", op: "add" | "update" | "remove", one: string, many: string | null, idField: string): ReducerEntry => ({
  sections: [key],
  does: { add: `${key} gains ${many ?? one}`, update: `one of ${key} replaced by ${one}`, remove: `${key} loses ${idField}` }[op],
  reduce: (state, ev) =>
    editList(state, key, (list) => {
      if (op === "remove") return list.filter((x) => x.id !== ev[idField]);
      const added = many !== null && op === "add" ? arr(ev[many]) : [obj(ev[one])];
      const ids = new Set(added.map((x) => x.id));
      return [...list.filter((x) => !ids.has(x.id)), ...clone(added)];
    }),
});

export const MISC_REDUCERS: Record<string, ReducerEntry> = {
  "drafts/add": byId("drafts", "add", "draft", "drafts", "draft_id"),
  "drafts/update": byId("drafts", "update", "draft", null, "draft_id"),
  "drafts/remove": byId("drafts", "remove", "draft", null, "draft_id"),
  "saved_snippets/add": byId("saved_snippets", "add", "saved_snippet", null, "saved_snippet_id"),
  "saved_snippets/update": byId("saved_snippets", "update", "saved_snippet", null, "saved_snippet_id"),
  "saved_snippets/remove": byId("saved_snippets", "remove", "saved_snippet", null, "saved_snippet_id"),
  "attachment/add": { sections: [], does: "no register state (attachments are listed by GET /attachments)", reduce: noState },
  "attachment/update": { sections: [], does: "no register state (attachments are listed by GET /attachments)", reduce: noState },
  "attachment/remove": { sections: [], does: "no register state (attachments are listed by GET /attachments)", reduce: noState },
};
