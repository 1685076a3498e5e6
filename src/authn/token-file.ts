// Static token file authentication (--token-auth-file, auth.md §2.1): token,user,uid[,"group1,group2"].
import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { UserInfo } from '../http/request-context.js';
import { parseGoCsv } from '../golang/encoding-csv.js';
import { notMine, type AuthResult, type TokenAuthenticator } from './authenticator.js';

export class TokenFileAuthenticator implements TokenAuthenticator {
  readonly name = 'token-file';
  private readonly tokens = new Map<string, UserInfo>();

  constructor(path: string, log?: Logger) {
    const records = parseGoCsv(readFileSync(path, 'utf8'));
    let recordNumber = 0;
    for (const rec of records) {
      if (rec.length < 3) throw new Error(`token file '${path}' must have at least 3 columns (token, user name, user uid), found ${rec.length}`);
      recordNumber++;
      const [token, name, uid] = rec as [string, string, string];
      if (token === '') {
        log?.warn(`empty token has been found in token file '${path}', record number '${recordNumber}'`);
        continue;
      }
      if (this.tokens.has(token)) log?.warn(`duplicate token has been found in token file '${path}', record number '${recordNumber}'`);
      const user: UserInfo = { name, uid, groups: rec.length > 3 ? rec[3]!.split(',') : [] };
      this.tokens.set(token, user);
    }
  }

  authenticateToken(token: string): AuthResult {
    const u = this.tokens.get(token);
    return u ? { kind: 'user', user: { ...u, groups: [...u.groups] } } : notMine;
  }
}
