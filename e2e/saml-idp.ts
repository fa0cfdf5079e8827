import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceProviderInstance } from 'samlify';
import { TestIdp, makeKeyPair, tempFile } from '../tests/server/helpers/saml-idp.js';
import type { TestIdpUser } from '../tests/server/helpers/saml-idp.js';

/**
 * The journey's people at the IdP: attributes by OID name, as a Shibboleth IdP releases them. Their
 * uid is a username the sample SIS knows (the portal is set to SAML_USERNAME_ATTRIBUTE=uid), so
 * their records come from the SIS port as a campus's would.
 */
export const samlPeople: Record<string, TestIdpUser> = {
  avalencia: {
    nameId: 'AAdzZWNyZXQxNTE2',
    attributes: {
      'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': ['avalencia@campus.test'],
      'urn:oid:0.9.2342.19200300.100.1.1': ['avalencia'],
      'urn:oid:0.9.2342.19200300.100.1.3': ['ana.valencia@campus.test'],
      'urn:oid:2.5.4.42': ['Ana'],
      'urn:oid:2.5.4.4': ['Valencia'],
    },
  },
  mchen: {
    nameId: 'AAdzZWNyZXQxNTE3',
    attributes: {
      'urn:oid:1.3.6.1.4.1.5923.1.1.1.6': ['mchen@campus.test'],
      'urn:oid:0.9.2342.19200300.100.1.1': ['mchen'],
      'urn:oid:2.5.4.42': ['Morgan'],
      'urn:oid:2.5.4.4': ['Chen'],
      'urn:oid:1.3.6.1.4.1.5923.1.5.1.1': ['campus-everyone', 'portal-staff'],
    },
  },
};

export interface RunningIdp {
  origin: string;
  /** The IdP's metadata, in a file for SAML_IDP_METADATA. */
  metadataFile: string;
  /** Where the IdP sends people back to: the portal, once it runs. */
  setPortal: (origin: string) => void;
  /** How many LogoutRequests of the portal the IdP received. */
  logouts: () => number;
  close: () => Promise<void>;
}

const html = (response: ServerResponse, status: number, body: string) =>
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Campus sign-in</title></head><body><main>${body}</main></body></html>`,
    );

const escapeHtml = (value: string) => value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * A SAML 2.0 identity provider for the journey: samlify's IdentityProvider (its own key, XML checked
 * by xmllint) behind a small HTTP server on loopback. `/sso` reads the portal's signed AuthnRequest
 * and shows a sign-in form; posting it answers with the signed response in a form to the portal's
 * ACS, as a Shibboleth IdP does (the journey presses "Continue", the IdP page's no-script button);
 * `/slo` reads the portal's LogoutRequest and sends the browser back with a LogoutResponse.
 */
export async function startSamlIdp(): Promise<RunningIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp = new TestIdp({
    entityId: `${origin}/idp/shibboleth`,
    ssoUrl: `${origin}/sso`,
    sloUrl: `${origin}/slo`,
    keys: makeKeyPair('Journey IdP'),
  });
  let portal = '';
  let sp: ServiceProviderInstance | undefined;
  let logouts = 0;
  const portalSp = async () => {
    sp ??= TestIdp.sp(await (await fetch(`${portal}/auth/saml/metadata`)).text());
    return sp;
  };

  server.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const handle = async () => {
      if (request.method === 'GET' && url.pathname === '/sso') {
        const { id } = await idp.readRequest(await portalSp(), url.href);
        return html(
          response,
          200,
          `<h1>Campus sign-in</h1><form method="post" action="/login"><input type="hidden" name="request" value="${escapeHtml(id)}"><label>Username <input name="username" autocomplete="username"></label><button type="submit">Sign in</button></form>`,
        );
      }
      if (request.method === 'POST' && url.pathname === '/login') {
        const form = await formOf(request);
        const person = samlPeople[form.get('username') ?? ''];
        if (!person) return html(response, 401, '<h1>Campus sign-in</h1><p>Unknown person.</p>');
        const target = await portalSp();
        const samlResponse = await idp.respond(target, form.get('request') ?? '', person);
        return html(
          response,
          200,
          `<h1>Campus sign-in</h1><form method="post" action="${escapeHtml(`${portal}/auth/saml/acs`)}"><input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}"><button type="submit">Continue</button></form>`,
        );
      }
      if (request.method === 'GET' && url.pathname === '/slo') {
        const target = await portalSp();
        const octetString = url.search
          .slice(1)
          .split('&')
          .filter((p) => !p.startsWith('Signature='))
          .join('&');
        const info = await idp.idp.parseLogoutRequest(target, 'redirect', {
          query: Object.fromEntries(url.searchParams),
          octetString,
        });
        logouts += 1;
        const answer = idp.idp.createLogoutResponse(
          target,
          { extract: info.extract },
          'redirect',
          '',
        );
        return response.writeHead(303, { location: answer.context }).end();
      }
      return html(response, 404, '<h1>Not found</h1>');
    };
    handle().catch((err: unknown) => {
      html(response, 500, `<h1>IdP error</h1><pre>${escapeHtml(String(err))}</pre>`);
    });
  });

  return {
    origin,
    metadataFile: tempFile('idp.xml', idp.metadata()),
    setPortal: (value) => {
      portal = value;
    },
    logouts: () => logouts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The portal's SAML settings for the IdP: its metadata, and a key pair made for this run. */
export function samlPortalEnv(idp: RunningIdp): (url: string) => Record<string, string> {
  const keys = makeKeyPair('Campus Portal journey');
  const keyFile = tempFile('sp.key', keys.key);
  const certFile = tempFile('sp.crt', keys.cert);
  return (url) => ({
    SAML_IDP_METADATA: idp.metadataFile,
    SAML_SP_KEY_FILE: keyFile,
    SAML_SP_CERT_FILE: certFile,
    PUBLIC_ORIGIN: url,
    SAML_USERNAME_ATTRIBUTE: 'uid',
  });
}
