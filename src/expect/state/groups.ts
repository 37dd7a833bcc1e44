import { arr, clone, editList, obj, type ReducerEntry } from "./model.ts";

/** User groups in the register state: `realm_user_groups` (with deactivated groups for include_deactivated_groups clients). */

const editGroup = (edit: (g: Record<string, unknown>, ev: Record<string, unknown>) => void, does: string): ReducerEntry => ({
  sections: ["realm_user_groups"],
  does,
  reduce: (state, ev) =>
    editList(state, "realm_user_groups", (list) => {
      for (const g of list) if (g.id === ev.group_id) edit(g, ev);
      return list;
    }),
});

/** Adds or removes ids in a group's id list (members, direct_subgroup_ids). */
const ids = (field: "members" | "direct_subgroup_ids", eventField: "user_ids" | "direct_subgroup_ids", add: boolean) =>
  editGroup(
    (g, ev) => {
      const s = new Set(arr<number>(g[field]));
      for (const id of arr<number>(ev[eventField])) add ? s.add(id) : s.delete(id);
      g[field] = [...s];
    },
    `${field} ${add ? "gains" : "loses"} the ${eventField}`,
  );

export const GROUP_REDUCERS: Record<string, ReducerEntry> = {
  "user_group/add": {
    sections: ["realm_user_groups"],
    does: "realm_user_groups gains the group",
    reduce: (state, ev) => editList(state, "realm_user_groups", (list) => [...list.filter((g) => g.id !== obj(ev.group).id), clone(obj(ev.group))]),
  },
  // A deactivation reaches include_deactivated_groups clients as update {deactivated: true}, others as remove (FL294).
  "user_group/update": editGroup((g, ev) => Object.assign(g, clone(obj(ev.data))), "the group's changed fields (data), deactivated included"),
  "user_group/remove": {
    sections: ["realm_user_groups"],
    does: "realm_user_groups loses the group",
    reduce: (state, ev) => editList(state, "realm_user_groups", (list) => list.filter((g) => g.id !== ev.group_id)),
  },
  "user_group/add_members": ids("members", "user_ids", true),
  "user_group/remove_members": ids("members", "user_ids", false),
  "user_group/add_subgroups": ids("direct_subgroup_ids", "direct_subgroup_ids", true),
  "user_group/remove_subgroups": ids("direct_subgroup_ids", "direct_subgroup_ids", false),
};
