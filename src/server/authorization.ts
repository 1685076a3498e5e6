// Builds the authorizer chain kube-apiserver builds (auth.md §8.0): the system:masters authorizer first, then one
// authorizer per --authorization-mode in the given order, and validates the authorization flags with kube's texts.
import { AlwaysAllowAuthorizer, AlwaysDenyAuthorizer } from '../authz/always.js';
import type { Authorizer } from '../authz/authorizer.js';
import { PrivilegedGroupsAuthorizer } from '../authz/privileged-groups.js';
import { AuthorizerUnion } from '../authz/union.js';
import { AbacAuthorizer, loadPolicyFile } from '../authz/abac.js';
import { loadAuthorizationConfig, type AuthorizerEntry } from '../authz/authorization-config.js';
import { loadWebhookKubeconfig } from '../authz/webhook/kubeconfig.js';
import { WebhookAuthorizer } from '../authz/webhook/webhook-authorizer.js';
import type { ServerOptions } from '../config/options.js';
import { goQuote } from '../golang/strconv.js';
import { UsageError } from './usage-error.js';
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';

export const AUTHORIZATION_MODES = ['AlwaysAllow', 'AlwaysDeny', 'ABAC', 'Webhook', 'RBAC', 'Node'] as const;

/** kube's BuiltInAuthorizationOptions.Validate; the errors, joined as kube's aggregate prints them. */
export function validateAuthorizationOptions(o: ServerOptions): void {
  const errs: string[] = [];
  const modes = o.authorizationModes;
  if (o.authorizationConfigFile) {
    if (o.authorizationModesSet || o.authorizationWebhookConfigFile) errs.push('--authorization-config can not be specified when --authorization-mode or --authorization-webhook-* flags are defined');
  } else {
    if (modes.length === 0) errs.push('at least one authorization-mode must be passed');
    for (const m of modes) if (!(AUTHORIZATION_MODES as readonly string[]).includes(m)) errs.push(`authorization-mode ${goQuote(m)} is not a valid mode`);
    if (modes.includes('ABAC') && !o.authorizationPolicyFile) errs.push("authorization-mode ABAC's authorization policy file not passed");
    if (modes.includes('Webhook') && !o.authorizationWebhookConfigFile) errs.push("authorization-mode Webhook's authorization config file not passed");
    if (o.authorizationPolicyFile && !modes.includes('ABAC')) errs.push('cannot specify --authorization-policy-file without mode ABAC');
    if (o.authorizationWebhookConfigFile && !modes.includes('Webhook')) errs.push('cannot specify --authorization-webhook-config-file without mode Webhook');
    if (new Set(modes).size !== modes.length) errs.push(`authorization-mode [${modes.map(goQuote).join(' ')}] has mode specified more than once`);
  }
  if (errs.length) throw new UsageError(errs.length === 1 ? errs[0] : `[${errs.join(', ')}]`);
}

/** The configured authorizers: from --authorization-config, or one per --authorization-mode (kube's flag-built form). */
export function authorizerEntries(o: ServerOptions): AuthorizerEntry[] {
  if (o.authorizationConfigFile) {
    try {
      return loadAuthorizationConfig(o.authorizationConfigFile);
    } catch (e) {
      throw new UsageError(`--authorization-config: ${(e as Error).message}`);
    }
  }
  return o.authorizationModes.map((type) => {
    if (type !== 'Webhook') return { type, name: type.toLowerCase() };
    const version = o.authorizationWebhookVersion ?? 'v1beta1';
    if (version !== 'v1' && version !== 'v1beta1') throw new UsageError(`--authorization-webhook-version: unsupported version ${goQuote(version)}`);
    return {
      type,
      name: 'webhook',
      webhook: {
        timeoutMs: 30_000,
        authorizedTTLMs: o.authorizationWebhookAuthorizedTTLMs ?? 5 * 60_000,
        unauthorizedTTLMs: o.authorizationWebhookUnauthorizedTTLMs ?? 30_000,
        subjectAccessReviewVersion: version,
        failurePolicy: 'NoOpinion',
        kubeConfigFile: o.authorizationWebhookConfigFile ?? '',
        matchConditions: [],
      },
    };
  });
}

/** The authorizers that need the server's state (built on demand). */
export interface AuthorizerFactories {
  RBAC(): Authorizer;
  Node(): Authorizer;
}

export function buildAuthorizerChain(entries: readonly AuthorizerEntry[], f: AuthorizerFactories, o: ServerOptions): AuthorizerUnion {
  return new AuthorizerUnion(buildAuthorizerMembers(entries, f, o));
}

function buildAuthorizerMembers(entries: readonly AuthorizerEntry[], f: AuthorizerFactories, o: ServerOptions): Authorizer[] {
  const members: Authorizer[] = [new PrivilegedGroupsAuthorizer()];
  for (const e of entries) {
    switch (e.type) {
      case 'AlwaysAllow':
        members.push(new AlwaysAllowAuthorizer());
        break;
      case 'AlwaysDeny':
        members.push(new AlwaysDenyAuthorizer());
        break;
      case 'RBAC':
        members.push(f.RBAC());
        break;
      case 'Node':
        members.push(f.Node());
        break;
      case 'ABAC':
        try {
          members.push(new AbacAuthorizer(loadPolicyFile(o.authorizationPolicyFile ?? '')));
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
        break;
      case 'Webhook': {
        const w = e.webhook!;
        let connection;
        try {
          connection = loadWebhookKubeconfig(w.kubeConfigFile);
        } catch (err) {
          throw new UsageError(`authorization webhook ${goQuote(e.name)}: ${(err as Error).message}`);
        }
        members.push(new WebhookAuthorizer({ name: e.name, connection, ...w }));
        break;
      }
      default:
        throw new UsageError(`authorization-mode ${goQuote(e.type)} is not a valid mode`);
    }
  }
  return members;
}

/**
 * kube's reload of --authorization-config: the file is checked periodically; a changed, valid file replaces the
 * chain at once. The non-webhook authorizer types may not change (Node/RBAC/ABAC may only be reordered).
 */
export class AuthorizationConfigReloader {
  private timer?: NodeJS.Timeout;
  private last: string;
  private readonly types: string[];

  constructor(
    private readonly path: string,
    private readonly union: AuthorizerUnion,
    entries: readonly AuthorizerEntry[],
    private readonly factories: AuthorizerFactories,
    private readonly options: ServerOptions,
    private readonly log: Logger,
  ) {
    this.last = readFileSync(path, 'utf8');
    this.types = fixedTypes(entries);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.check(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  check(): void {
    let content: string;
    try {
      content = readFileSync(this.path, 'utf8');
    } catch (err) {
      this.log.error({ err }, 'error reading authorization config file');
      return;
    }
    if (content === this.last) return;
    this.last = content;
    try {
      const entries = loadAuthorizationConfig(this.path);
      const now = fixedTypes(entries);
      const missing = this.types.filter((t) => !now.includes(t));
      if (missing.length) throw new Error(`missing required types: [${missing.join(' ')}]`);
      const added = now.find((t) => !this.types.includes(t));
      if (added) throw new Error(`authorizer type ${added} is not allowed if it was not enabled at initial server startup`);
      this.union.members = buildAuthorizerMembers(entries, this.factories, this.options);
      this.log.info({ path: this.path }, 'reloaded authorization configuration');
    } catch (err) {
      this.log.error({ err: (err as Error).message }, 'error reloading authorization config');
    }
  }
}

const fixedTypes = (entries: readonly AuthorizerEntry[]) => [...new Set(entries.filter((e) => e.type !== 'Webhook').map((e) => e.type))].sort();
