import { arr, clone, editList, editObj, num, obj, replaceWith, type ClientState, type Obj, type ReduceContext, type ReducerEntry } from "./model.ts";

/**
 * Users in the register state: `realm_users` and `realm_non_active_users`, the client's own top-level copies
 * (`full_name`, `email`, `is_admin`…), `realm_bots`, `user_status`, `muted_users`, `custom_profile_fields`, and
 * `presences` (compared never: see exclusions.ts).
 */

const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;

/** The role flags a user object and the client's own top level derive from `role`. */
function roleFlags(role: number): Obj {
  return { is_owner: role === ROLE.owner, is_admin: role <= ROLE.administrator, is_moderator: role === ROLE.moderator, is_guest: role === ROLE.guest };
}

/** Moves user `id` between the active and non-active lists per its is_active, after `fn` edited it. */
function editUser(state: ClientState, id: number, fn: (u: Obj) => void): ClientState {
  const all = [...arr<Obj>(state.realm_users), ...arr<Obj>(state.realm_non_active_users)];
  const found = all.find((u) => u.user_id === id);
  if (!found) return state;
  const user = clone(found);
  fn(user);
  let next = editList(state, "realm_users", (list) => list.filter((u) => u.user_id !== id));
  next = editList(next, "realm_non_active_users", (list) => list.filter((u) => u.user_id !== id));
  return editList(next, user.is_active === false ? "realm_non_active_users" : "realm_users", (list) => [...list, user]);
}

/** The client's own top-level fields, where the register returned them. */
function editSelf(state: ClientState, changes: Obj): ClientState {
  const next = { ...state };
  for (const [k, v] of Object.entries(changes)) if (Object.hasOwn(state, k)) next[k] = clone(v);
  return next;
}

/**
 * Permission flags the register computes for the client (can_create_*_streams, can_invite_others_to_realm) from
 * its role and the organization's group settings: no event carries them, so a change of either makes them
 * unknowable until the next register.
 */
export function ownPermissionsUnknowable(ctx: ReduceContext, why: string): void {
  for (const k of [
    "can_create_streams",
    "can_create_public_streams",
    "can_create_private_streams",
    "can_create_web_public_streams",
    "can_subscribe_other_users",
    "can_invite_others_to_realm",
  ])
    ctx.unknowable(k, why);
}

/** `realm_user` add: a new (or newly visible) user; an inactive one joins realm_non_active_users. */
const realmUserAdd: ReducerEntry = {
  sections: ["realm_user"],
  does: "realm_users (or realm_non_active_users) gains the person",
  reduce(state, ev, ctx) {
    const person = clone(obj(ev.person));
    // A new user joins the system groups of its role; the spec names no event for that (it does for
    // deactivation and reactivation, FL303), so the groups' members are unknowable after a user is added.
    ctx.unknowable("realm_user_groups", "a new user joins its role's system groups, which no event the spec names announces");
    let next = editList(state, "realm_users", (list) => list.filter((u) => u.user_id !== person.user_id));
    next = editList(next, "realm_non_active_users", (list) => list.filter((u) => u.user_id !== person.user_id));
    return editList(next, person.is_active === false ? "realm_non_active_users" : "realm_users", (list) => [...list, person]);
  },
};

/**
 * `realm_user` update: `person` holds the user id and one changed group of fields. `role` also sets the role
 * flags; `new_email` is the new `email`; `custom_profile_field` sets one entry of profile_data; `is_active` moves
 * the user between the active and non-active lists (FL222). The client's own changes reach its top-level fields.
 */
/** Avatar fields of an update that user objects do not carry (the register's own top-level fields do). */
const OWN_AVATAR_FIELDS = new Set(["avatar_source", "avatar_url_medium"]);

const realmUserUpdate: ReducerEntry = {
  sections: ["realm_user"],
  does: "one group of a user's fields (role flags, new_email, custom_profile_field, is_active moves lists); own top-level copies",
  reduce(state, ev, ctx) {
    const p = obj(ev.person);
    const id = num(p.user_id)!;
    const changes: Obj = {};
    for (const [k, v] of Object.entries(p)) {
      if (k === "user_id") continue;
      if (k === "new_email") changes.email = v;
      else if (k === "custom_profile_field") continue;
      else if (k === "role") Object.assign(changes, { role: v }, roleFlags(num(v)!));
      else changes[k] = v;
    }
    let next = editUser(state, id, (u) => {
      for (const [k, v] of Object.entries(changes)) if (k !== "is_moderator" && !OWN_AVATAR_FIELDS.has(k)) u[k] = clone(v);
      if (p.custom_profile_field) {
        const f = obj(p.custom_profile_field);
        const data = obj(u.profile_data);
        if (f.value === null || f.value === undefined) delete data[String(f.id)];
        else data[String(f.id)] = f.rendered_value !== undefined ? { value: f.value, rendered_value: f.rendered_value } : { value: f.value };
        u.profile_data = data;
      }
    });
    // How a deactivated user's email and avatar are shown to others is not specified (the email visibility
    // setting is the user's, and it is no longer active): the list of non-active users is unknowable then.
    if (p.is_active === false) ctx.unknowable("realm_non_active_users", "a deactivated user's email and avatar views are not specified");
    if (p.is_active === false && arr<Obj>(state.realm_bots).some((b) => b.user_id === id))
      ctx.unknowable("realm_bots", "whether a deactivated bot stays in realm_bots is not specified");
    if (id === ctx.userId) {
      next = editSelf(next, changes);
      if (p.role !== undefined) ownPermissionsUnknowable(ctx, "the client's role changed; the register derives these from role and group settings");
    }
    return next;
  },
};

/**
 * `realm_user` remove. Before FL222 it announced a deactivation: the user stays, inactive, in
 * realm_non_active_users. From FL228 it says the client (a guest) can no longer see the user: an "Unknown user"
 * placeholder takes its place where register would hold one — the catalog's reading of the spec
 * (fl232.register.unknown-user-placeholders): from FL232 for clients with user_list_incomplete, before for every
 * client — and otherwise the user leaves the lists.
 */
const realmUserRemove: ReducerEntry = {
  sections: ["realm_user"],
  does: "before FL222: the user becomes inactive; from FL228: an 'Unknown user' placeholder (before FL232, or user_list_incomplete), else the user leaves the lists",
  reduce(state, ev, ctx) {
    const id = num(obj(ev.person).user_id)!;
    if (arr<Obj>(state.realm_bots).some((b) => b.user_id === id))
      ctx.unknowable("realm_bots", "whether a deactivated bot stays in realm_bots is not specified");
    if (ctx.fl < 222) {
      // A deactivation, shown to others as unspecified as from FL222 (see realm_user update's is_active).
      ctx.unknowable("realm_non_active_users", "a deactivated user's email and avatar views are not specified");
      return editUser(state, id, (u) => void (u.is_active = false));
    }
    // A `zulip` server gives placeholders to the clients without the capability (wire §17.2 #3).
    const placeholders = ctx.product === "zulip" ? !ctx.capabilities.user_list_incomplete : ctx.capabilities.user_list_incomplete;
    if (ctx.fl < 232 || placeholders) {
      // The placeholder's other fields (a dummy email, a stock avatar) are the server's own, not in the event.
      ctx.unknowable("realm_users", "an 'Unknown user' placeholder's fields besides its name are the server's");
      return editUser(state, id, (u) => Object.assign(u, { full_name: "Unknown user" }));
    }
    let next = editList(state, "realm_users", (list) => list.filter((u) => u.user_id !== id));
    next = editList(next, "realm_non_active_users", (list) => list.filter((u) => u.user_id !== id));
    return next;
  },
};

/**
 * `realm_bot` add / update / remove / delete. A deactivation is an update with is_active false from FL222, a
 * remove before: either way the bot stays listed, inactive. delete removes it.
 */
const realmBot = (op: "add" | "update" | "remove" | "delete"): ReducerEntry => ({
  sections: ["realm_bot"],
  does: {
    add: "realm_bots gains the bot",
    update: "one bot's changed fields (is_active false from FL222)",
    remove: "the bot becomes inactive (before FL222)",
    delete: "realm_bots loses the bot",
  }[op],
  reduce: (state, ev, ctx) =>
    editList(state, "realm_bots", (list) => {
      const bot = obj(ev.bot);
      if (op === "add") return [...list.filter((b) => b.user_id !== bot.user_id), clone(bot)];
      if (op === "delete") return list.filter((b) => b.user_id !== bot.user_id);
      // Whether a deactivated bot stays listed is not specified (the reference server keeps it for administrators only).
      if (bot.is_active === false || op === "remove") ctx.unknowable("realm_bots", "whether a deactivated bot stays in realm_bots is not specified");
      if (op === "update" && !list.some((b) => b.user_id === bot.user_id))
        ctx.unknowable("realm_bots", "an update of a bot the client did not list (a new owner, a reactivation) carries only the changed fields");
      for (const b of list) if (b.user_id === bot.user_id) Object.assign(b, op === "remove" ? { is_active: false } : clone(bot));
      return list;
    }),
});

/**
 * `user_status`: the changed parts of one user's status. An empty status_text, an empty emoji_name and away
 * false clear their parts, and a user whose status is all cleared leaves the map.
 */
const userStatus: ReducerEntry = {
  sections: ["user_status"],
  does: "user_status[user_id]: parts set or cleared; an empty status leaves the map",
  reduce: (state, ev) =>
    editObj(state, "user_status", (map) => {
      const key = String(ev.user_id);
      const s = obj(map[key]);
      if (ev.away !== undefined) ev.away === true ? (s.away = true) : delete s.away;
      if (ev.status_text !== undefined) ev.status_text === "" ? delete s.status_text : (s.status_text = ev.status_text);
      if (ev.emoji_name !== undefined) {
        if (ev.emoji_name === "") for (const k of ["emoji_name", "emoji_code", "reaction_type"]) delete s[k];
        else for (const k of ["emoji_name", "emoji_code", "reaction_type"]) if (ev[k] !== undefined) s[k] = ev[k];
      }
      if (Object.keys(s).length) map[key] = s;
      else delete map[key];
    }),
};

/** `presence`: one user's presence (the modern or the legacy format, as the register holds it). Never compared: see exclusions.ts. */
const presence: ReducerEntry = {
  sections: ["presence"],
  does: "presences[user] merged (not compared: presence ages without events)",
  reduce: (state, ev) =>
    editObj(state, "presences", (map) => {
      const key = Object.keys(map).some((k) => k.includes("@")) ? String(ev.email) : String(ev.user_id);
      map[key] = { ...obj(map[key]), ...clone(obj(ev.presence)) };
    }),
};

export const USER_REDUCERS: Record<string, ReducerEntry> = {
  "realm_user/add": realmUserAdd,
  "realm_user/update": realmUserUpdate,
  "realm_user/remove": realmUserRemove,
  "realm_bot/add": realmBot("add"),
  "realm_bot/update": realmBot("update"),
  "realm_bot/remove": realmBot("remove"),
  "realm_bot/delete": realmBot("delete"),
  user_status: userStatus,
  presence,
  muted_users: { sections: ["muted_users"], does: "muted_users replaced", reduce: replaceWith("muted_users", "muted_users") },
  custom_profile_fields: {
    sections: ["custom_profile_fields"],
    does: "custom_profile_fields replaced by fields",
    reduce: replaceWith("custom_profile_fields", "fields"),
  },
};
