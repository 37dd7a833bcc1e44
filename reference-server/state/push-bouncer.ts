/** A self-hosted server registered with the push bouncer: its id (a UUID) and key are its credentials. */
export interface RemoteServer {
  uuid: string;
  key: string;
  hostname: string;
  contactEmail: string;
}

/**
 * The push bouncer's state (the reference server also plays the bouncer): registered servers by id and by
 * hostname, the verification secret of each registration transfer in progress, the device tokens servers registered.
 */
export class PushBouncer {
  private readonly byUuid = new Map<string, RemoteServer>();
  private readonly byHostname = new Map<string, RemoteServer>();
  private readonly transfers = new Map<string, string>();
  private readonly devices = new Set<string>();

  server(uuid: string): RemoteServer | undefined {
    return this.byUuid.get(uuid);
  }

  serverAt(hostname: string): RemoteServer | undefined {
    return this.byHostname.get(hostname);
  }

  /** Adds or updates a registration (the caller checked the hostname is free or already this server's). */
  register(server: RemoteServer): void {
    const old = this.byUuid.get(server.uuid);
    if (old) this.byHostname.delete(old.hostname);
    this.byUuid.set(server.uuid, server);
    this.byHostname.set(server.hostname, server);
  }

  startTransfer(hostname: string, secret: string): void {
    this.transfers.set(hostname, secret);
  }

  /** The secret of the transfer in progress for the hostname; the transfer ends when it is taken. */
  transferSecret(hostname: string): string | undefined {
    return this.transfers.get(hostname);
  }

  endTransfer(hostname: string): void {
    this.transfers.delete(hostname);
  }

  addDevice(uuid: string, userId: string, kind: number, token: string): void {
    this.devices.add(`${uuid}:${userId}:${kind}:${token}`);
  }
}
