import type { GroupSettingValue } from "./group-setting-value.ts";
import { IdSequence } from "./ids.ts";
import { ROLE, type Role, type User } from "./types.ts";

/** System groups (wire §11): looked up by name; membership follows roles, nested owners ⊂ … ⊂ everyone ⊂ internet. */
export const SYSTEM_GROUPS = [
  { name: "role:internet", description: "Everyone on the internet", maxRole: null },
  { name: "role:everyone", description: "Everyone including guests", maxRole: ROLE.guest },
  { name: "role:members", description: "Everyone except guests", maxRole: ROLE.member },
  { name: "role:fullmembers", description: "Members of this organization, not guests or new members", maxRole: ROLE.member },
  { name: "role:moderators", description: "Moderators of this organization, including administrators", maxRole: ROLE.moderator },
  { name: "role:administrators", description: "Administrators of this organization, including owners", maxRole: ROLE.administrator },
  { name: "role:owners", description: "Owners of this organization", maxRole: ROLE.owner },
  { name: "role:nobody", description: "Nobody", maxRole: 0 },
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUPS)[number]["name"];

export interface UserGroup {
  id: number;
  name: string;
  description: string;
  isSystem: boolean;
  /** System groups: the highest role number (least privileged role) that belongs; null for role:internet (all). */
  maxRole: Role | 0 | null;
  directMembers: Set<number>;
  directSubgroups: Set<number>;
  creatorId: number | null;
  dateCreated: number;
  deactivated: boolean;
  /** Who may add members (FL305 can_add_members_group); the creator by default, nobody for system groups. */
  canAddMembers: GroupSettingValue;
}

/** The group permission settings a group object carries, by wire name (FL305). */
export const GROUP_PERMISSIONS = ["can_add_members_group"] as const;
export type GroupPermission = (typeof GROUP_PERMISSIONS)[number];

/** All user groups, by id and by name. */
export class Groups {
  readonly byId = new Map<number, UserGroup>();
  private readonly byName = new Map<string, UserGroup>();
  private readonly ids = new IdSequence(1);

  constructor(now: number) {
    for (const g of SYSTEM_GROUPS) {
      this.add({
        name: g.name,
        description: g.description,
        isSystem: true,
        maxRole: g.maxRole,
        directMembers: new Set(),
        directSubgroups: new Set(),
        creatorId: null,
        dateCreated: now,
        deactivated: false,
        canAddMembers: { direct_members: [], direct_subgroups: [] },
      });
    }
    const nobody = this.system("role:nobody").id;
    for (const g of this.byId.values()) g.canAddMembers = nobody;
  }

  add(g: Omit<UserGroup, "id">): UserGroup {
    const group: UserGroup = { ...g, id: this.ids.take() };
    this.byId.set(group.id, group);
    this.byName.set(group.name.toLowerCase(), group);
    return group;
  }

  rename(group: UserGroup, name: string): void {
    this.byName.delete(group.name.toLowerCase());
    group.name = name;
    this.byName.set(name.toLowerCase(), group);
  }

  /** Deletes a group (DELETE /user_groups/{id} before FL294) and drops it from other groups' subgroups. */
  remove(group: UserGroup): void {
    this.byId.delete(group.id);
    this.byName.delete(group.name.toLowerCase());
    for (const g of this.byId.values()) g.directSubgroups.delete(group.id);
  }

  /** The active groups that hold `id` as a direct subgroup (deactivation checks, not a request hot path). */
  supergroupsOf(id: number): UserGroup[] {
    return [...this.byId.values()].filter((g) => !g.deactivated && g.directSubgroups.has(id));
  }

  /** Every group `group` contains through subgroups, itself included (cycle checks). */
  descendants(group: UserGroup, seen: Set<number> = new Set()): Set<number> {
    if (seen.has(group.id)) return seen;
    seen.add(group.id);
    for (const sub of group.directSubgroups) {
      const s = this.byId.get(sub);
      if (s) this.descendants(s, seen);
    }
    return seen;
  }

  named(name: string): UserGroup | undefined {
    return this.byName.get(name.toLowerCase());
  }

  system(name: SystemGroupName): UserGroup {
    return this.byName.get(name)!;
  }

  /** Whether the user is in the group, directly, by role (system groups) or through a subgroup. */
  contains(group: UserGroup, user: User, seen: Set<number> = new Set()): boolean {
    if (seen.has(group.id)) return false;
    seen.add(group.id);
    if (!user.isActive) return false;
    if (group.isSystem) {
      if (group.maxRole === null) return true;
      if (group.maxRole !== 0 && user.role <= group.maxRole) return true;
    }
    if (group.directMembers.has(user.id)) return true;
    for (const sub of group.directSubgroups) {
      const s = this.byId.get(sub);
      if (s && this.contains(s, user, seen)) return true;
    }
    return false;
  }
}
