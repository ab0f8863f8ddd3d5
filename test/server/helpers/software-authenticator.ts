import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { cose, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/*
 * A passkey authenticator in software, for server tests of the console's ceremonies: it answers
 * @simplewebauthn's options as a browser and a platform authenticator would, with a real
 * `none` attestation and ES256 assertions. Keys and signatures are node:crypto's (P-256),
 * encodings @simplewebauthn's own CBOR and COSE helpers. Each call can be bent (another origin,
 * another rpID, a counter set back) to test the attacks the server must refuse.
 */

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftwarePasskey {
  credentialId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface Bend {
  /** The origin the "browser" reports (default the authenticator's). */
  origin?: string;
  /** The relying party id whose hash the authenticator signs (default the options' or the authenticator's). */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** clientData's type (default the ceremony's). */
  type?: string;
  /** Whether the authenticator says it verified the person (fingerprint, PIN): the UV flag (default true). */
  userVerified?: boolean;
}

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function createSoftwareAuthenticator({ origin, rpId }: { origin: string; rpId: string }) {
  const passkeys: SoftwarePasskey[] = [];

  return {
    passkeys,

    /** Answers registration options: a new P-256 passkey, a `none` attestation. */
    register(options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = {}): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = new Map<number, number | Uint8Array>([
        [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
        [cose.COSEKEYS.alg, cose.COSEALG.ES256],
        [cose.COSEKEYS.crv, cose.COSECRV.P256],
        [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x!)],
        [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const credentialId = randomBytes(32);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(bend.rpId ?? options.rp.id ?? rpId),
        Buffer.from([FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED) | FLAG_ATTESTED_DATA]),
        counterBytes(bend.counter ?? 0),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
      const id = credentialId.toString('base64url');
      passkeys.push({ credentialId: id, userHandle: options.user.id, privateKey, counter: bend.counter ?? 0 });
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: clientData(bend.type ?? 'webauthn.create', options.challenge, bend.origin ?? origin).toString('base64url'),
          attestationObject: Buffer.from(attestationObject).toString('base64url'),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** Answers sign-in options with a passkey (default the last registered): an ES256 assertion. */
    authenticate(options: PublicKeyCredentialRequestOptionsJSON, passkey: SoftwarePasskey | undefined = passkeys.at(-1), bend: Bend = {}): AuthenticationResponseJSON {
      if (passkey === undefined) throw new Error('no passkey registered');
      passkey.counter = bend.counter ?? passkey.counter + 1;
      const authData = Buffer.concat([sha256(bend.rpId ?? options.rpId ?? rpId), Buffer.from([FLAG_USER_PRESENT | (bend.userVerified === false ? 0 : FLAG_USER_VERIFIED)]), counterBytes(passkey.counter)]);
      const data = clientData(bend.type ?? 'webauthn.get', options.challenge, bend.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: data.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
