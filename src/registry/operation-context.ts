// What one API operation carries from the handler through the store to admission and storage: who asks, what the
// request is, dry-run, the field manager, warnings for the client, cancellation and audit annotations. Writes the
// server makes itself (controllers, bootstrap) carry no user and no request.
import type { Authorizer } from '../authz/authorizer.js';
import type { UserInfo } from '../http/request-context.js';

/** The request as admission and authorization see it (kube's RequestInfo, resource requests only). */
export interface RequestAttributes {
  verb: string;
  group: string;
  version: string;
  resource: string;
  /** '' for the main resource. */
  subresource: string;
  name: string;
  namespace: string;
}

export interface OperationContext {
  dryRun: boolean;
  /** Warnings to return to the client (sent as Warning headers). */
  warnings: string[];
  user?: UserInfo;
  request?: RequestAttributes;
  /** The field manager of the write (fieldManager query parameter, or derived from the User-Agent). */
  fieldManager?: string;
  /** Aborted when the client goes away or the request's deadline passes. */
  signal?: AbortSignal;
  /** Key-value annotations for the audit event of the request. */
  auditAnnotations?: Record<string, string>;
  /** The server's authorizer chain, for admission plug-ins and CEL's `authorizer` variable (absent for internal writes). */
  authorizer?: Authorizer;
}

/** An operation the server makes on its own behalf (controllers, start-up). */
export const internalOperation = (): OperationContext => ({ dryRun: false, warnings: [] });
