// Builds the authorizer chain kube-apiserver builds (auth.md §8.0): the system:masters authorizer first, then one
// authorizer per --authorization-mode in the given order, and validates the authorization flags with kube's texts.
import { AlwaysAllowAuthorizer, AlwaysDenyAuthorizer } from '../authz/always.js';
import type { Authorizer } from '../authz/authorizer.js';
import { PrivilegedGroupsAuthorizer } from '../authz/privileged-groups.js';
import { AuthorizerUnion } from '../authz/union.js';
import type { ServerOptions } from '../config/options.js';
import { goQuote } from '../golang/strconv.js';
import { UsageError } from './usage-error.js';

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

/** The authorizers kubelite can build for a mode (each built on demand). */
export interface AuthorizerFactories {
  RBAC(): Authorizer;
  Node(): Authorizer;
  ABAC?(): Authorizer;
  Webhook?(): Authorizer;
}

export function buildAuthorizerChain(modes: readonly string[], f: AuthorizerFactories): AuthorizerUnion {
  const members: Authorizer[] = [new PrivilegedGroupsAuthorizer()];
  for (const m of modes) {
    switch (m) {
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
      case 'Webhook': {
        const make = f[m];
        if (!make) throw new UsageError(`authorization mode ${goQuote(m)} is not supported by kubelite yet`);
        members.push(make());
        break;
      }
      default:
        throw new UsageError(`authorization-mode ${goQuote(m)} is not a valid mode`);
    }
  }
  return new AuthorizerUnion(members);
}
