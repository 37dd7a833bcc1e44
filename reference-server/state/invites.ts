/** An email invitation or a reusable invitation link, as the reference server keeps it. */
export interface Invite {
  id: number;
  isMultiuse: boolean;
  invitedById: number;
  /** UNIX seconds. */
  invited: number;
  /** UNIX seconds, or null for an invitation that never expires. */
  expiry: number | null;
  invitedAs: number;
  /** Email invitations only. */
  email: string | null;
  /** Reusable links only: the key in the link's URL. */
  key: string | null;
  channelIds: number[];
  includeDefaultChannels: boolean;
  notifyReferrerOnJoin: boolean;
}

/**
 * The open invitations: email invitations and reusable links have separate id spaces (as on real servers), each
 * indexed by id, with each creator's invitations indexed for the non-administrators' GET /invites (FL209).
 */
export class Invites {
  private readonly byKind = { email: new Map<number, Invite>(), multiuse: new Map<number, Invite>() };
  private readonly byCreator = new Map<number, Set<Invite>>();
  private readonly nextId = { email: 1, multiuse: 1 };

  add(invite: Omit<Invite, "id">): Invite {
    const kind = invite.isMultiuse ? "multiuse" : "email";
    const stored: Invite = { ...invite, id: this.nextId[kind]++ };
    this.byKind[kind].set(stored.id, stored);
    let own = this.byCreator.get(stored.invitedById);
    if (!own) this.byCreator.set(stored.invitedById, (own = new Set()));
    own.add(stored);
    return stored;
  }

  get(id: number, multiuse: boolean): Invite | undefined {
    return this.byKind[multiuse ? "multiuse" : "email"].get(id);
  }

  remove(invite: Invite): void {
    this.byKind[invite.isMultiuse ? "multiuse" : "email"].delete(invite.id);
    this.byCreator.get(invite.invitedById)?.delete(invite);
  }

  /** Every open invitation, email invitations first. */
  all(): Invite[] {
    return [...this.byKind.email.values(), ...this.byKind.multiuse.values()];
  }

  createdBy(userId: number): Invite[] {
    return [...(this.byCreator.get(userId) ?? [])];
  }
}
