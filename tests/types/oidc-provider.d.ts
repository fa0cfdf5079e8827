/**
 * The part of `oidc-provider` (which ships no types) that the test provider uses.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (fields: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  interface Token {
    accountId: string;
    isExpired: boolean;
    destroy(): Promise<void>;
  }
  interface TokenConstructor {
    find(value: string): Promise<Token | undefined>;
  }
  export interface KoaContextWithOIDC {
    status: number;
    body: unknown;
    oidc: {
      params: Record<string, string | undefined>;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      provider: { Grant: GrantConstructor };
    };
  }
  interface Account {
    accountId: string;
    claims: () => Promise<Record<string, unknown>>;
  }
  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    ttl?: Record<string, number>;
    claims?: Record<string, string[]>;
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    issueRefreshToken?: () => Promise<boolean>;
    findAccount?: (ctx: KoaContextWithOIDC, id: string) => Promise<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    AccessToken: TokenConstructor;
    RefreshToken: TokenConstructor;
    registerGrantType(
      name: string,
      handler: (ctx: KoaContextWithOIDC) => Promise<void>,
      parameters: string[],
    ): void;
  }
}
