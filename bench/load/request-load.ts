// A closed loop: `inFlight` requests outstanding at all times, each slot sending its next request as soon as its
// previous one is answered, spread over a few HTTP/2 connections. Only requests that start after the warm-up and
// end inside the measurement window count.
import type { ClientHttp2Session } from 'node:http2';
import { configMapBody, configMapPatch, resourceVersionOf } from './configmap.js';
import { deploymentApply } from './deployment.js';
import { closeSession, openSession, request, type Reply } from './h2-client.js';
import type { RequestJob, RequestResult } from './jobs.js';
import { summarize } from '../stats.js';

type Send = (s: ClientHttp2Session, slot: number, index: number) => Promise<Reply>;

async function sender(job: RequestJob, sessions: ClientHttp2Session[]): Promise<Send> {
  const spec = job.spec;
  switch (spec.op) {
    case 'create': {
      const path = `/api/v1/namespaces/${spec.ns}/configmaps`;
      return (s, _slot, i) => request(s, 'POST', path, configMapBody(spec.ns, `${spec.prefix}${String(spec.start + i).padStart(6, '0')}`, 'create'));
    }
    case 'get': {
      const headers: Record<string, string> = spec.accept ? { accept: spec.accept } : {};
      if (spec.bearer) headers.authorization = `Bearer ${spec.bearer}`;
      return (s) => request(s, 'GET', spec.path, undefined, headers);
    }
    case 'update': {
      if (spec.names.length < job.inFlight) throw new Error('update: one object per in-flight slot');
      const rvs: string[] = [];
      for (const name of spec.names.slice(0, job.inFlight)) {
        const r = await request(sessions[0]!, 'GET', `/api/v1/namespaces/${spec.ns}/configmaps/${name}`);
        const rv = resourceVersionOf(r.body);
        if (r.status !== 200 || !rv) throw new Error(`update: GET ${name}: ${r.status} ${r.body.toString().slice(0, 200)}`);
        rvs.push(rv);
      }
      return async (s, slot, i) => {
        const name = spec.names[slot]!;
        const r = await request(s, 'PUT', `/api/v1/namespaces/${spec.ns}/configmaps/${name}`, configMapBody(spec.ns, name, `update-${i}`, rvs[slot]));
        const rv = r.status === 200 ? resourceVersionOf(r.body) : undefined;
        if (rv) rvs[slot] = rv;
        return r;
      };
    }
    case 'patch': {
      if (spec.names.length < job.inFlight) throw new Error('patch: one object per in-flight slot');
      const apply = spec.body === 'apply-deployment';
      const headers = { 'content-type': apply ? 'application/apply-patch+yaml' : 'application/strategic-merge-patch+json' };
      const path = (name: string) => (apply ? `/apis/apps/v1/namespaces/${spec.ns}/deployments/${name}?fieldManager=bench&force=true` : `/api/v1/namespaces/${spec.ns}/configmaps/${name}`);
      return (s, slot, i) => {
        const name = spec.names[slot]!;
        return request(s, 'PATCH', path(name), apply ? deploymentApply(spec.ns, name, i) : configMapPatch(i), headers);
      };
    }
  }
}

const OK = new Set([200, 201]);

export function cpuPercent(since: NodeJS.CpuUsage, wallSince: number): number {
  const u = process.cpuUsage(since);
  return ((u.user + u.system) / 1000 / (performance.now() - wallSince)) * 100;
}

export async function runRequests(job: RequestJob): Promise<RequestResult> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const sessions = await Promise.all(Array.from({ length: Math.max(1, job.sessions) }, () => openSession(job.target)));
  try {
    const send = await sender(job, sessions);
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    let issued = 0;
    let bodyBytes = 0;
    let succeeded = 0;
    const max = job.maxRequests ?? Number.POSITIVE_INFINITY;
    const start = performance.now();
    const measureFrom = start + job.warmupMs;
    const deadline = measureFrom + job.durationMs;
    let lastEnd = measureFrom;
    const slot = async (n: number): Promise<void> => {
      const s = sessions[n % sessions.length]!;
      while (issued < max && performance.now() < deadline) {
        const i = issued++;
        const t0 = performance.now();
        let r: Reply;
        try {
          r = await send(s, n, i);
        } catch (e) {
          errors++;
          firstError ??= (e as Error).message;
          continue;
        }
        const t1 = performance.now();
        if (!OK.has(r.status)) {
          errors++;
          firstError ??= `${r.status} ${r.body.toString('utf8').slice(0, 300)}`;
          continue;
        }
        succeeded++;
        if (t0 >= measureFrom && t1 <= deadline) {
          latencies.push(t1 - t0);
          bodyBytes += r.body.length;
          lastEnd = Math.max(lastEnd, t1);
        }
      }
    };
    await Promise.all(Array.from({ length: job.inFlight }, (_, n) => slot(n)));
    // A run cut short by maxRequests is measured up to its last answer.
    const seconds = ((issued >= max ? lastEnd : deadline) - measureFrom) / 1000;
    return {
      requests: latencies.length,
      succeeded,
      errors,
      firstError,
      seconds,
      perSecond: seconds > 0 ? latencies.length / seconds : 0,
      latency: summarize(latencies),
      bodyBytes: latencies.length ? bodyBytes / latencies.length : 0,
      loadCpuPct: cpuPercent(cpu0, wall0),
      ...(job.keepLatencies ? { latencies } : {}),
    };
  } finally {
    await Promise.all(sessions.map(closeSession));
  }
}
