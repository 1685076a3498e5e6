// Opens once the RBAC objects are all known; requests arriving earlier wait for it instead of being denied.
export class SyncGate {
  ready = false;
  private resolve!: () => void;
  private readonly opened = new Promise<void>((r) => (this.resolve = r));

  open(): void {
    this.ready = true;
    this.resolve();
  }

  wait(): Promise<void> {
    return this.opened;
  }
}
