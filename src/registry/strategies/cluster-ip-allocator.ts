// Allocates service cluster IPs from an IPv4 CIDR (--service-cluster-ip-range). The network and broadcast
// addresses are never handed out; the first address is reserved for the "kubernetes" service, as in kube.
import { badRequest, StatusError } from '../../errors/status.js';

function ipToInt(ip: string): number {
  const p = ip.split('.').map(Number);
  if (p.length !== 4 || p.some((x) => !Number.isInteger(x) || x < 0 || x > 255)) throw new Error(`invalid IPv4 address ${ip}`);
  return ((p[0]! << 24) | (p[1]! << 16) | (p[2]! << 8) | p[3]!) >>> 0;
}
const intToIP = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

export class ClusterIPAllocator {
  private readonly base: number;
  private readonly size: number;
  private readonly used = new Set<number>();
  private next = 0;

  constructor(readonly cidr: string) {
    const m = /^(\d+\.\d+\.\d+\.\d+)\/(\d+)$/.exec(cidr);
    if (!m) throw new Error(`--service-cluster-ip-range: ${JSON.stringify(cidr)} is not an IPv4 CIDR`);
    const bits = Number(m[2]);
    if (bits < 8 || bits > 30) throw new Error(`--service-cluster-ip-range: prefix length of ${cidr} must be between 8 and 30`);
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    this.base = (ipToInt(m[1]!) & mask) >>> 0;
    this.size = 2 ** (32 - bits);
  }

  /** The address of the "kubernetes" service (the first usable one). */
  get firstIP(): string {
    return intToIP(this.base + 1);
  }

  contains(ip: string): boolean {
    const n = ipToInt(ip);
    return n > this.base && n < this.base + this.size - 1;
  }

  markUsed(ip: string): void {
    if (this.contains(ip)) this.used.add(ipToInt(ip));
  }

  allocateSpecific(ip: string): string {
    let n: number;
    try {
      n = ipToInt(ip);
    } catch {
      throw badRequest(`failed to allocate IP ${ip}: invalid IP address`);
    }
    if (!this.contains(ip)) throw new StatusError({ code: 422, reason: 'Invalid', message: `Service is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: the provided IP (${ip}) is not in the valid range. The range of valid IPs is ${this.cidr}` });
    if (this.used.has(n)) throw new StatusError({ code: 422, reason: 'Invalid', message: `Service is invalid: spec.clusterIPs: Invalid value: []string{"${ip}"}: failed to allocate IP ${ip}: provided IP is already allocated` });
    this.used.add(n);
    return ip;
  }

  allocateNext(): string {
    const usable = this.size - 2;
    for (let i = 0; i < usable; i++) {
      const off = ((this.next + i) % usable) + 1;
      const n = this.base + off;
      if (!this.used.has(n)) {
        this.used.add(n);
        this.next = off;
        return intToIP(n);
      }
    }
    throw new StatusError({ code: 500, reason: 'InternalError', message: 'Internal error occurred: failed to allocate a serviceIP: range is full' });
  }

  release(ip: string): void {
    try {
      this.used.delete(ipToInt(ip));
    } catch {
      /* not ours */
    }
  }
}
