import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

/**
 * A software authenticator for the server tests: one ES256 passkey for `rpId`, answering the
 * ceremonies as a browser's `@simplewebauthn/browser` would send them (attestation `none`).
 */
export function softAuthenticator(rpId: string, origin: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = new Uint8Array(randomBytes(32));
  let counter = 0;

  const authData = (flags: number, attested?: Uint8Array) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  };
  const clientData = (type: string, challenge: string, from = origin) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    id: b64(credentialId),
    /** The answer to a registration ceremony with this challenge. */
    register(challenge: string, options: { origin?: string } = {}) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16),
        idLength,
        credentialId,
        isoCBOR.encode(cose),
      ]);
      const statement = new Map<string, number>();
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, number> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', statement],
          ['authData', new Uint8Array(authData(UP | UV | AT, attested))],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData('webauthn.create', challenge, options.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal' as const],
        },
      };
    },
    /** The answer to an authentication ceremony with this challenge (the counter goes up). */
    authenticate(challenge: string, options: { origin?: string } = {}) {
      counter += 1;
      const data = authData(UP | UV);
      const client = clientData('webauthn.get', challenge, options.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
        },
      };
    },
  };
}
