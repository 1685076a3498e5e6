// The typed request context every pipeline stage sees.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { H2Request, H2Response } from './h2-exchange.js';
import type { RequestInfo } from './request-info.js';

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  extra?: Record<string, string[]>;
}

/** HTTP/1.1: Node's own objects; HTTP/2: the thin ones of h2-exchange.ts. */
export type AnyRequest = IncomingMessage | H2Request;
export type AnyResponse = ServerResponse | H2Response;

export interface RequestContext {
  req: AnyRequest;
  res: AnyResponse;
  /** True when the request arrived over HTTP/2 (connection-specific headers are illegal there). */
  http2: boolean;
  method: string;
  path: string;
  query: URLSearchParams;
  receivedAt: number;
  auditId: string;
  requestInfo: RequestInfo;
  user?: UserInfo;
  /** The audiences authentication is asked for (the API audiences; a TokenReview's spec.audiences). */
  audiences?: string[];
  /** The user authentication found, before impersonation replaced it (set only when impersonating). */
  impersonatedBy?: UserInfo;
  /** Warnings collected during the request, sent as `Warning: 299 - "<text>"` headers. */
  warnings: string[];
  /** Absolute time (ms) by which a non-long-running request must have answered. */
  deadline?: number;
  /** Aborted when the client goes away or the deadline passes. */
  signal: AbortSignal;
  /** Set once the timeout filter has answered; later writes are dropped. */
  timedOut: boolean;
  longRunning: boolean;
  /**
   * Set by endpoints whose errors are negotiated (built-in resources): the Status in the request's media type, or
   * undefined for JSON.
   */
  encodeStatus?: (status: object) => { contentType: string; bytes: string | Buffer } | undefined;
  /** Annotations for the request's audit event, added by the stages that handle it. */
  auditAnnotations?: Record<string, string>;
  /** Set by the metrics filter on watches: told of the events (their sizes in bytes) a watch sends. */
  recordWatchEvents?: (group: string, version: string, kind: string, sizes: number[]) => void;
  /** Set by the audit filter when the request's audit level wants bodies or the error Status. */
  auditCapture?: AuditCapture;
}

/** What the audit event of a request records beyond metadata (filled by the body reader and the response writers). */
export interface AuditCapture {
  /** Level Request or above: record the request body (it is kept at every level: creates and updates name objectRef). */
  request: boolean;
  /** Level RequestResponse: keep the response body. */
  response: boolean;
  requestBody?: Buffer;
  requestContentType?: string;
  responseBody?: Buffer;
  responseContentType?: string;
  /** The Status of an error answer. */
  status?: object;
}
