// The detached JWS the bootstrap signer puts in kube-public/cluster-info (auth.md §2.3): HS256 over the kubeconfig
// with the token secret as key and the token id as kid, the payload segment left out ("<header>..<signature>").
import { CompactSign } from 'jose';

export async function detachedSignature(content: string, tokenId: string, tokenSecret: string): Promise<string> {
  const jws = await new CompactSign(new TextEncoder().encode(content)).setProtectedHeader({ alg: 'HS256', kid: tokenId }).sign(new TextEncoder().encode(tokenSecret));
  const [header, , signature] = jws.split('.');
  return `${header}..${signature}`;
}
