import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { TWO_FACTOR } from '../../../contracts/two-factor';

/**
 * The cryptography of two-step sign-in (docs/security.md §14): TOTP secrets encrypted at rest,
 * codes checked with otplib (RFC 6238: SHA-1, 6 digits, 30 s), and recovery codes kept as keyed
 * hashes. Both keys are derived from SESSION_SECRET, so a copy of the database alone reveals
 * neither a secret nor a recovery code.
 */
export class TwoFactorKeys {
  private readonly encryptionKey: Buffer;
  private readonly recoveryKey: Buffer;

  constructor(sessionSecret: string) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', sessionSecret, 'ledger-commons', info, 32));
    this.encryptionKey = derive('two-factor secret encryption');
    this.recoveryKey = derive('two-factor recovery code hash');
  }

  /** AES-256-GCM; `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The secret, or undefined when it was encrypted under another SESSION_SECRET (or altered). */
  decrypt(stored: string): string | undefined {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** A recovery code's stored form (of its normal form: lower case, no dash). */
  hashRecoveryCode(normalCode: string): string {
    return createHmac('sha256', this.recoveryKey).update(normalCode).digest('hex');
  }
}

export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app reads, and its QR code as an SVG data URL. */
export async function provisioning(secret: string, issuer: string, account: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer, label: account, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a code belongs to, when it is right at `epochMs` (one step either side, for a
 * phone's clock a little off) and newer than `afterStep` (a code already used cannot be used again).
 */
export async function acceptedStep(secret: string, code: string, epochMs: number, afterStep: number | null): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(epochMs / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The TOTP result carries its step (the union type also covers HOTP's, which does not).
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The current code (tests and the browser journey compute codes this way). */
export const currentCode = (secret: string, epochMs: number): Promise<string> => generate({ secret, epoch: Math.floor(epochMs / 1000) });

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7m2p-qx9ta`: 50 bits each, without look-alike characters. */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = new Set<string>();
  while (codes.size < TWO_FACTOR.recoveryCodes) codes.add(one());
  return [...codes].map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** A recovery code in the form it is hashed in. */
export const normalRecoveryCode = (code: string): string => code.replace(/[\s-]+/g, '').toLowerCase();
